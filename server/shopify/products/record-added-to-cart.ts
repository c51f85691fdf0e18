import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { requireVisitorConversation } from '../../widgets/public/require-visitor-conversation.ts'
import type { WidgetCaller } from '../../widgets/public/require-widget-caller.ts'
import type { AddedToCart } from '../../widgets/public/widget-chat.schemas.ts'
import type { CardVariant } from './store-product-row.ts'

const NOT_A_CARD = 'This product is not sold in this store.'

export interface RecordAddedToCartOptions {
  caller: WidgetCaller
  conversationId: string
  added: AddedToCart
}

/**
 * A shopper put a card's variant in the storefront's cart (the widget calls /cart/add.js on the shop's own
 * origin, then reports it here): kept for the shop's sales figures. Only from a storefront chat, and
 * only a variant of a product this shop sells.
 */
export async function recordAddedToCart(
  database: Database,
  { caller, conversationId, added }: RecordAddedToCartOptions,
) {
  await requireVisitorConversation(database, caller, conversationId)
  const shopId = caller.session.shopId
  if (!shopId) throw new AppError('NOT_FOUND', NOT_A_CARD)
  const product = await database.prisma.storeProduct.findUnique({
    where: { shopId_productGid: { shopId, productGid: added.product_id } },
    select: { variants: true },
  })
  const variants = (product?.variants ?? []) as unknown as CardVariant[]
  if (!variants.some((variant) => variant.id === added.variant_id)) throw new AppError('NOT_FOUND', NOT_A_CARD)
  await database.prisma.storefrontEvent.create({
    data: {
      shopId,
      conversationId,
      kind: 'added_to_cart',
      productGid: added.product_id,
      variantId: added.variant_id,
      quantity: added.quantity,
    },
  })
}
