// The composition root's channels (server/conversations/channel.ts): registered by the conversations they
// carry, and the one the widget door binds to each visitor. A new channel is added here and in its own
// folder; the answering core (server/chat/, server/conversations/) does not change.
import type { Retriever } from './chat/retrieval/retrieve-passages.ts'
import { registerChannels, type Channel, type Channels } from './conversations/channel.ts'
import type { WidgetSession } from './db/generated/prisma/client.ts'
import type { ShopifyAdminClient } from './shopify/admin-api/shopify-admin-client.ts'
import { storefrontChannel } from './shopify/storefront/storefront-channel.ts'
import { widgetChannel } from './widgets/public/widget-channel.ts'

/** The channel a widget visitor's session speaks through: the storefront's, bound to its shopper, or the website's. */
export type VisitorChannel = (session: Pick<WidgetSession, 'shopId' | 'shopifyCustomerId'>) => Channel

export interface ComposeChannelsOptions {
  retriever: Retriever
  /** A shop's Admin API (its offline session), for a storefront shopper's orders; null without the Shopify app. */
  shopAdmin: ((shopDomain: string) => Promise<ShopifyAdminClient>) | null
}

export function composeChannels(options: ComposeChannelsOptions): {
  channels: Channels
  visitorChannel: VisitorChannel
} {
  return {
    channels: registerChannels([widgetChannel, storefrontChannel(options)]),
    // On a storefront, the shopper Shopify signed for (never anyone the page or the chat names).
    visitorChannel: (session) =>
      session.shopId
        ? storefrontChannel(options, { shopId: session.shopId, customerId: session.shopifyCustomerId })
        : widgetChannel,
  }
}
