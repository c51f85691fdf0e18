import type { ProductShownView } from '../../conversations/conversations.schemas.ts'
import type { Database } from '../../db/database.ts'
import type { Conversation } from '../../db/generated/prisma/client.ts'
import { readProductCards } from './read-product-cards.ts'

export interface ProductsShownInOptions {
  /** The conversation the messages are of: its storefront's shop, of its own account, holds the products. */
  conversation: Pick<Conversation, 'accountId' | 'channel' | 'widgetIntegrationId'>
  messages: { product_ids: string[] }[]
}

/**
 * The cards of the products a storefront conversation's answers showed, by product id, as the team's
 * messages list shows them: read from the stored catalogue of the conversation's shop (the one whose
 * storefront widget it came through, in the conversation's account), so no other shop's product can
 * appear. A product the shop no longer sells has no card.
 */
export async function productsShownIn(
  database: Database,
  { conversation, messages }: ProductsShownInOptions,
): Promise<Map<string, ProductShownView>> {
  if (conversation.channel !== 'shopify' || !conversation.widgetIntegrationId) return new Map()
  if (!messages.some((message) => message.product_ids.length > 0)) return new Map()
  const shop = await database.prisma.shopifyShop.findFirst({
    where: { widgetIntegrationId: conversation.widgetIntegrationId, accountId: conversation.accountId },
    select: { id: true },
  })
  const cards = await readProductCards(database, { shopId: shop?.id ?? null, messages })
  return new Map(
    [...cards].map(([id, card]) => [
      id,
      {
        id,
        title: card.title,
        url: card.url,
        image_url: card.image_url,
        currency: card.currency,
        price: card.price,
        compare_at_price: card.compare_at_price,
        available: card.available,
      },
    ]),
  )
}
