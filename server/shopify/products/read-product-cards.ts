import type { Database } from '../../db/database.ts'
import type { ProductCard } from '../../widgets/public/widget-chat.schemas.ts'
import type { CardOption, CardVariant } from './store-product-row.ts'

/**
 * The current cards of the products some messages showed, by product id, in one read: prices and
 * availability as the store has them now. A product no longer sold has no row, so no card.
 */
export interface ReadProductCardsOptions {
  /** The shop whose storefront the chat is on (the widget session's); none: no cards. */
  shopId: string | null
  messages: { product_ids: string[] }[]
}

export async function readProductCards(
  database: Database,
  { shopId, messages }: ReadProductCardsOptions,
): Promise<Map<string, ProductCard>> {
  const ids = [...new Set(messages.flatMap((message) => message.product_ids))]
  if (!shopId || ids.length === 0) return new Map()
  const rows = await database.prisma.storeProduct.findMany({ where: { shopId, productGid: { in: ids } } })
  return new Map(
    rows.map((row) => {
      const variants = row.variants as unknown as CardVariant[]
      const lead = variants.find((variant) => variant.available) ?? variants[0]
      const card: ProductCard = {
        id: row.productGid,
        title: row.title,
        url: row.url,
        image_url: row.imageUrl,
        currency: row.currencyCode,
        price: lead?.price ?? '0',
        compare_at_price: lead?.compare_at_price ?? null,
        available: variants.some((variant) => variant.available),
        options: row.options as unknown as CardOption[],
        variants,
      }
      return [row.productGid, card]
    }),
  )
}
