import type { Prisma } from '../../db/generated/prisma/client.ts'
import type { SourceView } from '../../conversations/conversations.schemas.ts'

/** At most this many cards under one answer: enough to compare, few enough to read on a phone. */
const MAX_CARDS = 4

export interface ProductsShownOptions {
  conversationId: string
  sources: SourceView[]
  /** Products the answer named itself (the model's product tools), before the cited ones. */
  named?: string[]
  /** The shop whose storefront the chat is on, when known (the session's); else the conversation's. */
  shopId?: string | null | undefined
}

/**
 * The store products a storefront answer drew on, in the order it cites them: the cited passages that
 * are product texts (their store mapping), then recorded as shown for the shop's sales figures.
 */
export async function recordProductsShown(
  tx: Prisma.TransactionClient,
  { conversationId, sources, named = [], shopId: given }: ProductsShownOptions,
): Promise<string[]> {
  // Only this chat's shop's products: an agent may hold two shops' catalogues.
  const shopId = given ?? (await shopOfConversation(tx, conversationId))
  if (!shopId) return []
  const textIds = sources.flatMap((source) => (source.text_id ? [source.text_id] : []))
  const mapped = textIds.length
    ? await tx.shopifyResource.findMany({
        where: { textId: { in: textIds }, kind: 'product', shopId },
        select: { textId: true, resourceGid: true },
      })
    : []
  const cited = textIds.flatMap((id) => mapped.filter((resource) => resource.textId === id))
  const gids = [...new Set([...named, ...cited.map((resource) => resource.resourceGid)])]
  const shown = await tx.storeProduct.findMany({
    where: { shopId, productGid: { in: gids } },
    select: { productGid: true },
  })
  const sellable = gids.filter((gid) => shown.some((row) => row.productGid === gid)).slice(0, MAX_CARDS)
  if (sellable.length > 0)
    await tx.storefrontEvent.createMany({
      data: sellable.map((productGid) => ({ shopId, conversationId, kind: 'product_shown', productGid })),
    })
  return sellable
}

/** The shop whose storefront a conversation is on (its widget integration is the shop's). */
async function shopOfConversation(tx: Prisma.TransactionClient, conversationId: string) {
  const conversation = await tx.conversation.findUnique({
    where: { id: conversationId },
    select: { widgetIntegrationId: true },
  })
  if (!conversation?.widgetIntegrationId) return null
  const shop = await tx.shopifyShop.findFirst({
    where: { widgetIntegrationId: conversation.widgetIntegrationId },
    select: { id: true },
  })
  return shop?.id ?? null
}
