// Visitors asking at the same moment through the widget API: time to the first token of a streamed
// answer (with an LLM) or to the whole answer (offline answerer), against one server or several.
import { startFakeLlm } from '../tests/support/fake-llm.ts'
import { call, signUpAndCreateAgent } from './measure-knowledge.ts'
import { measureServerStart, stopServer } from './measure-server-start.ts'

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0

const QUESTION = 'How long do I have to return a product?'

/** Widget limits no bench visitor should meet: the bench measures answering, not refusals. */
export const VISITOR_LIMITS = {
  WIDGET_SESSIONS_PER_IP_PER_HOUR: '100000',
  WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE: '100000',
  WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE: '100000',
}

/** An agent that knows the returns policy and a widget for `siteOrigin`: its client key. */
export async function prepareWidgetAgent(baseUrl: string, siteOrigin: string): Promise<string> {
  const { token, agentId } = await signUpAndCreateAgent(baseUrl)
  const text = await call(baseUrl, `/api/agents/${agentId}/texts/create/`, token, {
    method: 'POST',
    body: {
      text_title: 'Returns',
      text_content: 'You can return any product within 30 days of delivery for a full refund.',
    },
  })
  await call(baseUrl, `/api/agents/${agentId}/text/${String(text.text_id)}/embed/`, token, { method: 'POST', body: {} })
  for (let tries = 0; tries < 600; tries += 1) {
    const embeddings = await call(baseUrl, `/api/agents/${agentId}/embeddings/`, token)
    if ((embeddings.embeddings as unknown[]).length > 0) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const integration = await call(baseUrl, `/api/agents/${agentId}/integrations/frontend/`, token, {
    method: 'POST',
    body: { website_name: 'Bench', website_domain: new URL(siteOrigin).origin },
  })
  return String(integration.client_key)
}

interface Visitor {
  baseUrl: string
  auth: Record<string, string>
  conversationId: string
}

async function prepareVisitor(baseUrl: string, origin: string, clientKey: string): Promise<Visitor> {
  const headers = { 'Content-Type': 'application/json', Origin: origin }
  const session = (await (
    await fetch(`${baseUrl}/api/conversations/api/start-chat-widget/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ client_key: clientKey }),
    })
  ).json()) as { token: string }
  const auth = { ...headers, Authorization: `Bearer ${session.token}` }
  const conversation = (await (
    await fetch(`${baseUrl}/api/conversations/api/create/`, { method: 'POST', headers: auth, body: '{}' })
  ).json()) as { conversation_id: string }
  return { baseUrl, auth, conversationId: conversation.conversation_id }
}

/** One visitor's question, streamed: milliseconds to the first token and to the end of the answer. */
async function ask({ baseUrl, auth, conversationId }: Visitor): Promise<{ firstMs: number; doneMs: number }> {
  const started = performance.now()
  const response = await fetch(`${baseUrl}/api/conversations/api/chat/${conversationId}/`, {
    method: 'POST',
    headers: { ...auth, Accept: 'text/event-stream' },
    body: JSON.stringify({ message_text: QUESTION }),
  })
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  let firstMs = 0
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
    if (!firstMs && text.includes('event: token')) firstMs = performance.now() - started
  }
  if (!text.includes('event: done')) throw new Error(`chat did not finish: ${text.slice(-200)}`)
  return { firstMs, doneMs: performance.now() - started }
}

export interface AskAtOnceOptions {
  /** Where visitors start and chat: a server, a load balancer, or several servers (taken in turn). */
  baseUrls: string[]
  siteOrigin: string
  clientKey: string
  visitors: number
}

/** Every visitor asks at the same moment; each answer then streams to its end. */
export async function askAtOnce({ baseUrls, siteOrigin, clientKey, visitors }: AskAtOnceOptions) {
  const prepared: Visitor[] = []
  for (let index = 0; index < visitors; index += 25)
    prepared.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(25, visitors - index) }, (_unused, offset) =>
          prepareVisitor(baseUrls[(index + offset) % baseUrls.length] ?? '', siteOrigin, clientKey),
        ),
      )),
    )
  const started = performance.now()
  const results = await Promise.allSettled(prepared.map((visitor) => ask(visitor)))
  const answered = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const first = answered.map((result) => result.firstMs).sort((a, b) => a - b)
  const done = answered.map((result) => result.doneMs).sort((a, b) => a - b)
  return {
    visitors,
    completed: answered.length,
    failed: visitors - answered.length,
    firstTokenP50Ms: Math.round(percentile(first, 0.5)),
    firstTokenP99Ms: Math.round(percentile(first, 0.99)),
    answerP50Ms: Math.round(percentile(done, 0.5)),
    answerP99Ms: Math.round(percentile(done, 0.99)),
    wallSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  }
}

/** One server on `env` with a fake LLM writing a token every 100 ms: `visitors` ask at once. */
export async function measureConcurrentVisitors(env: Record<string, string>, visitors = 500) {
  const llm = await startFakeLlm()
  llm.state.tokenDelayMs = 100
  const site = 'https://shop.example.com'
  try {
    const { server } = await measureServerStart({ ...env, ...llm.config, ...VISITOR_LIMITS })
    try {
      const clientKey = await prepareWidgetAgent(server.baseUrl, site)
      return await askAtOnce({ baseUrls: [server.baseUrl], siteOrigin: site, clientKey, visitors })
    } finally {
      await stopServer(server)
    }
  } finally {
    await llm.close()
  }
}
