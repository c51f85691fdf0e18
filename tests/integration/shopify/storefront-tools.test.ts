// Issue 22 with a language model: the storefront's tools through the OpenAI-compatible tools API against
// the fake model (a streamed tool call, the tool's result sent back, then the final answer). The
// products the model looked at become cards; the shopper never sees the tools' JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatRequest } from '../../support/fake-llm.ts'
import { startStorefrontTestbed, type StorefrontTestbed } from '../../support/storefront-testbed.ts'
import { chat, newIntegration, visitor } from '../../support/widget-visitors.ts'

let bed: StorefrontTestbed
beforeAll(async () => {
  bed = await startStorefrontTestbed('storefront-tools-secret-key-with-enough-length-01')
})
afterAll(async () => bed.close())

/** What the tools answered the model, in the order it asked. */
const toolResults = (request: ChatRequest) =>
  request.messages.filter((message) => message.role === 'tool').map((message) => JSON.parse(message.content ?? '{}'))
const firstRound = (request: ChatRequest) => !request.messages.some((message) => message.role === 'tool')

async function ask(who: { auth: Record<string, string>; conversationId: string }, text: string) {
  const answered = await chat(bed.testApp, who.auth, who.conversationId, text)
  expect(answered.status).toBe(200)
  return answered.body.ai_message as { message_text: string; products: { id: string; title: string }[] }
}

describe('the storefront tools with a language model', () => {
  it('searches products through a tool call and shows what it found as cards, never as JSON', async () => {
    bed.llm.state.toolCalls = (request) =>
      firstRound(request) ? [{ name: 'search_products', arguments: JSON.stringify({ query: 'tent for two' }) }] : []
    bed.llm.state.reply = (request) => `The ${toolResults(request)[0].products[0].title} is a four-season tent for two.`
    const from = bed.llm.requests.length
    const answer = await ask(await bed.shopper(), 'Do you have a tent for two people?')
    expect(answer.message_text).toBe('The Summit Tent is a four-season tent for two.')
    expect(answer.products.map((card) => card.title)).toEqual(['Summit Tent'])
    const [call, final] = bed.llm.requests.slice(from)
    expect(call?.tools?.map((tool) => tool.function.name)).toEqual([
      'search_products',
      'get_product_details',
      'get_my_orders',
    ])
    expect(toolResults(final!)[0].products[0]).toMatchObject({
      product_id: 'gid://shopify/Product/1001',
      price: '349.00',
      currency: 'EUR',
      available: true,
    })
  })

  it('reads a product’s details, and nothing of a product the shop does not sell', async () => {
    bed.llm.state.toolCalls = (request) =>
      firstRound(request)
        ? [
            { name: 'get_product_details', arguments: JSON.stringify({ product_id: 'gid://shopify/Product/1001' }) },
            { name: 'get_product_details', arguments: JSON.stringify({ product_id: 'gid://shopify/Product/1003' }) },
          ]
        : []
    bed.llm.state.reply = (request) => {
      const [tent, stove] = toolResults(request)
      return `${tent.variants.map((variant: { title: string }) => variant.title).join(' or ')}. ${stove.error}`
    }
    const answer = await ask(await bed.shopper(), 'Which colours does the Summit Tent come in?')
    expect(answer.message_text).toBe('Green or Orange. This product is not sold in this store.')
    expect(answer.products.map((card) => card.id)).toEqual(['gid://shopify/Product/1001'])
  })

  it('gets the signed-in shopper’s own orders, and a guest’s sign-in address, through get_my_orders', async () => {
    bed.llm.state.toolCalls = (request) => (firstRound(request) ? [{ name: 'get_my_orders', arguments: '{}' }] : [])
    bed.llm.state.reply = (request) => {
      const found = toolResults(request)[0]
      return found.kind === 'orders'
        ? found.orders.map((order: { name: string; status: string }) => `${order.name}: ${order.status}`).join('; ')
        : `Please sign in: ${found.sign_in_url}`
    }
    expect((await ask(await bed.shopper('7001'), 'Where is my order?')).message_text).toBe(
      '#1004: Unfulfilled; #1001: Fulfilled',
    )
    expect((await ask(await bed.shopper(), 'Where is my order?')).message_text).toBe(
      'Please sign in: https://alpine.example/account/login',
    )
  })

  it('stops calling tools after three rounds and answers in words', async () => {
    bed.llm.state.toolCalls = () => [{ name: 'search_products', arguments: '{"query":"tent"}' }]
    bed.llm.state.reply = () => 'Our tents are on the Summit Tent page.'
    const from = bed.llm.requests.length
    const answer = await ask(await bed.shopper(), 'Tents?')
    expect(answer.message_text).toBe('Our tents are on the Summit Tent page.')
    expect(bed.llm.requests.slice(from).map((request) => request.tool_choice)).toEqual(['auto', 'auto', 'auto', 'none'])
  })

  it('offers no tools outside a storefront', async () => {
    const { client_key } = await newIntegration(bed)
    const site = await visitor(bed.testApp, client_key)
    bed.llm.state.toolCalls = () => [{ name: 'get_my_orders', arguments: '{}' }]
    bed.llm.state.reply = () => 'Returns are accepted within 30 days [1].'
    const from = bed.llm.requests.length
    await chat(bed.testApp, site.auth, site.conversationId, 'Where is my order?')
    expect(bed.llm.requests.slice(from).map((request) => request.tools)).toEqual([undefined])
  })

  // Last, for the process remembers: a model served without tool calling refuses requests that offer tools.
  it('answers in words where the model cannot call tools, and offers it none after the first refusal', async () => {
    bed.llm.state.mode = 'no-tools'
    bed.llm.state.reply = () => 'The Summit Tent costs from 349.00 EUR [1].'
    const { auth, conversationId } = await bed.shopper()
    const from = bed.llm.requests.length
    const first = await chat(bed.testApp, auth, conversationId, 'How much is the Summit Tent?')
    expect(first.status).toBe(200)
    expect(first.body.ai_message.message_text).toContain('349.00')
    const second = await chat(bed.testApp, auth, conversationId, 'And in orange?')
    expect(second.status).toBe(200)
    expect(bed.llm.requests.slice(from).map((request) => Boolean(request.tools?.length))).toEqual([true, false, false])
    bed.llm.state.mode = 'answer'
  })
})
