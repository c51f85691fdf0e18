// The Shopify storefront as a channel (server/conversations/channel.ts): the widget on a shop's storefront,
// so its chats spend the widget's day; for the shopper Shopify signed for, it answers order questions from
// the store (offline), lends a model the shopping tools, and records the products an answer shows as cards.
import type { AnswerAid } from '../../chat/answering/answer-aid.ts'
import type { Retriever } from '../../chat/retrieval/retrieve-passages.ts'
import type { Channel } from '../../conversations/channel.ts'
import { widgetBudget } from '../../widgets/public/widget-budget.ts'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'
import { answerAboutOrders, type Shopper } from '../orders/answer-about-orders.ts'
import { asksAboutOrders } from '../orders/asks-about-orders.ts'
import { recordProductsShown } from '../products/products-shown.ts'
import { storefrontTools } from '../products/storefront-tools.ts'

/** The model named on an answer listing a shopper's orders: read from the store, not written by a model. */
const STORE_ORDERS_MODEL = 'store-orders'

const TOOL_GUIDANCE = [
  '',
  "This chat is on the store's own website. You can call tools: search_products and get_product_details for the store's products, get_my_orders for the signed-in shopper's own orders.",
  'Products you look up are shown to the shopper as cards under your answer: name them in a sentence or two, never paste raw data or JSON. Facts from tools need no [n] citation.',
  'If get_my_orders says the shopper is not signed in, give them its sign-in address as a link.',
].join('\n')

export interface StorefrontChannelOptions {
  /** The answering core's retrieval: the product search reads the agent's knowledge. */
  retriever: Retriever
  /** A shop's Admin API (its offline session), for a shopper's orders; null without the Shopify app. */
  shopAdmin: ((shopDomain: string) => Promise<ShopifyAdminClient>) | null
}

/** What the storefront lends a signed shopper's answer: their orders (offline), and the shopping tools (a model). */
function shopperAid({ retriever, shopAdmin }: StorefrontChannelOptions, shopper: Shopper): AnswerAid {
  const access = { database: retriever.database, adminClientFor: shopAdmin }
  return {
    // A model calls get_my_orders itself; offline, an order question is answered from the store.
    ownAnswer: ({ text, modelled }) =>
      !modelled && asksAboutOrders(text)
        ? { model: STORE_ORDERS_MODEL, write: () => answerAboutOrders(access, shopper) }
        : null,
    toolsFor: ({ agentId, use }) => ({
      tools: storefrontTools({ retriever, shopAdmin, agentId, shopper, used: use }),
      guidance: TOOL_GUIDANCE,
    }),
  }
}

/**
 * The storefront channel: registered without a shopper (its conversations' budget and product cards), and
 * bound by the widget door to the shopper the app proxy's signed bootstrap named (never anyone the page or
 * the chat names), whose answers it then helps write.
 */
export function storefrontChannel(options: StorefrontChannelOptions, shopper: Shopper | null = null): Channel {
  return {
    name: 'shopify',
    budget: widgetBudget,
    ...(shopper ? { aid: shopperAid(options, shopper) } : {}),
    // The products the answer drew on, of the shopper's shop (else the conversation's): shown as cards.
    recordAnswer: (tx, { conversationId, answer }) =>
      recordProductsShown(tx, {
        conversationId,
        sources: answer.sources,
        named: answer.productGids,
        shopId: shopper?.shopId,
      }),
  }
}
