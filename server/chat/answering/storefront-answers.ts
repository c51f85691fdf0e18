// The storefront's answers beside the knowledge's: a shopper's orders read from the store (offline), and the
// system prompt's note on the shopping tools (with a language model).
import { answerAboutOrders, type Shopper, type StoreOrdersAccess } from '../../shopify/orders/answer-about-orders.ts'
import type { PromptMessage } from './chat-model.ts'
import { countPromptTokens, countTokens } from './count-tokens.ts'

/** The model named on an answer listing a shopper's orders: read from the store, not written by a model. */
const STORE_ORDERS_MODEL = 'store-orders'

const TOOL_GUIDANCE = [
  '',
  "This chat is on the store's own website. You can call tools: search_products and get_product_details for the store's products, get_my_orders for the signed-in shopper's own orders.",
  'Products you look up are shown to the shopper as cards under your answer: name them in a sentence or two, never paste raw data or JSON. Facts from tools need no [n] citation.',
  'If get_my_orders says the shopper is not signed in, give them its sign-in address as a link.',
].join('\n')

/** The system prompt with what the storefront's tools are for. */
export const withToolGuidance = (prompt: PromptMessage[]): PromptMessage[] =>
  prompt.map((message, index) =>
    index === 0 && message.role === 'system'
      ? { ...message, content: message.content + '\n' + TOOL_GUIDANCE }
      : message,
  )

export interface OrdersAnswerOptions {
  access: StoreOrdersAccess
  shopper: Shopper
  question: string
  /** The plan's reservation, as for any answer; may refuse by throwing. */
  beforeAnswering?: (prompt: PromptMessage[]) => Promise<void>
  onToken: (text: string) => void
}

/** A storefront shopper asking about their orders, offline: read from the store for them alone (answerAboutOrders). */
export async function answerWithOrders({ access, shopper, question, beforeAnswering, onToken }: OrdersAnswerOptions) {
  const prompt: PromptMessage[] = [{ role: 'user', content: question }]
  await beforeAnswering?.(prompt)
  const text = await answerAboutOrders(access, shopper)
  onToken(text)
  return {
    text,
    sources: [],
    ungrounded: null,
    messageLink: null,
    model: STORE_ORDERS_MODEL,
    promptTokens: await countPromptTokens(prompt),
    completionTokens: await countTokens(text),
  }
}
