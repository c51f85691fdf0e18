// The widget's figures: gzipped sizes, time from script load to a visible launcher (Chromium), and
// how many concurrent visitor chats one server holds with a fake LLM streaming, with their time to
// first token.
import { launchChromium } from '../tests/support/launch-chromium.ts'
import { startFakeLlm } from '../tests/support/fake-llm.ts'
import { startLocalServer } from '../tests/support/local-http-server.ts'
import { buildWidget } from '../scripts/build-widget.ts'
import { call, signUpAndCreateAgent } from './measure-knowledge.ts'
import { measureServerStart, stopServer } from './measure-server-start.ts'

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0

async function timeToLauncher(baseUrl: string, clientKey: string, hostUrl: string, runs = 15) {
  const browser = await launchChromium()
  const times: number[] = []
  try {
    for (let run = 0; run < runs; run += 1) {
      const page = await browser.newPage()
      await page.goto(hostUrl)
      times.push(
        await page.evaluate(
          ({ src, key }) =>
            new Promise<number>((resolve) => {
              const started = performance.now()
              const script = document.createElement('script')
              script.src = src
              script.dataset.clientKey = key
              const check = () => {
                const button = document.querySelector('[data-agentdesk-widget]')?.shadowRoot?.querySelector('button')
                if (button && button.getBoundingClientRect().width > 0) resolve(performance.now() - started)
                else requestAnimationFrame(check)
              }
              document.body.append(script)
              check()
            }),
          { src: `${baseUrl}/widget/v1/widget.js`, key: clientKey },
        ),
      )
      await page.close()
    }
  } finally {
    await browser.close()
  }
  times.sort((a, b) => a - b)
  return { p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) }
}

/** A visitor with a session and a conversation, ready to chat. */
async function prepareVisitor(baseUrl: string, origin: string, clientKey: string) {
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
  return { auth, conversation }
}

/** One visitor's question, streamed: milliseconds to the first token. */
async function visitorChat(
  baseUrl: string,
  { auth, conversation }: Awaited<ReturnType<typeof prepareVisitor>>,
): Promise<number> {
  const started = performance.now()
  const response = await fetch(`${baseUrl}/api/conversations/api/chat/${conversation.conversation_id}/`, {
    method: 'POST',
    headers: { ...auth, Accept: 'text/event-stream' },
    body: JSON.stringify({ message_text: 'How long do I have to return a product?' }),
  })
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  let firstToken = 0
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
    if (!firstToken && text.includes('event: token')) firstToken = performance.now() - started
  }
  if (!text.includes('event: done')) throw new Error(`chat did not finish: ${text.slice(-200)}`)
  return firstToken
}

export async function measureWidget(env: Record<string, string>) {
  const sizes = await buildWidget()
  const llm = await startFakeLlm()
  llm.state.tokenDelayMs = 100 // about 2 s per answer, like a real model
  const host = await startLocalServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end('<!doctype html><html><head><title>Host</title></head><body><h1>Host page</h1></body></html>')
  })
  const { server } = await measureServerStart({
    ...env,
    ...llm.config,
    WIDGET_SESSIONS_PER_IP_PER_HOUR: '100000',
    WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE: '100000',
    WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE: '100000',
  })
  try {
    const { token, agentId } = await signUpAndCreateAgent(server.baseUrl)
    const text = await call(server.baseUrl, `/api/agents/${agentId}/texts/create/`, token, {
      method: 'POST',
      body: {
        text_title: 'Returns',
        text_content: 'You can return any product within 30 days of delivery for a full refund.',
      },
    })
    await call(server.baseUrl, `/api/agents/${agentId}/text/${String(text.text_id)}/embed/`, token, {
      method: 'POST',
      body: {},
    })
    const hostOrigin = new URL(host.url)
    const integration = await call(server.baseUrl, `/api/agents/${agentId}/integrations/frontend/`, token, {
      method: 'POST',
      body: { website_name: 'Bench', website_domain: hostOrigin.host },
    })
    const clientKey = String(integration.client_key)
    const launcher = await timeToLauncher(server.baseUrl, clientKey, host.url)
    const concurrency = []
    for (const visitors of [50, 200, 500]) {
      const prepared = []
      for (let index = 0; index < visitors; index += 25)
        prepared.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(25, visitors - index) }, () =>
              prepareVisitor(server.baseUrl, host.url, clientKey),
            ),
          )),
        )
      // Every visitor asks at the same moment; each answer then streams for about two seconds.
      const started = performance.now()
      const results = await Promise.allSettled(prepared.map((visitor) => visitorChat(server.baseUrl, visitor)))
      const times = results
        .flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
        .sort((a, b) => a - b)
      concurrency.push({
        visitors,
        completed: times.length,
        firstTokenP50Ms: percentile(times, 0.5),
        firstTokenP99Ms: percentile(times, 0.99),
        wallSeconds: (performance.now() - started) / 1000,
      })
    }
    return {
      loaderGzipBytes: sizes.loaderGzipBytes,
      chatGzipBytes: sizes.chatGzipBytes,
      cardsGzipBytes: sizes.cardsGzipBytes,
      launcherVisible: launcher,
      concurrency,
    }
  } finally {
    await stopServer(server)
    await host.close()
    await llm.close()
  }
}
