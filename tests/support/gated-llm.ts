// An OpenAI-compatible chat endpoint whose streamed answer can be held after its first token until the
// test lets it go, so a test can tell what reached a client while the answer was still being written.
import type { ServerResponse } from 'node:http'
import { sendJson, startLocalServer } from './local-http-server.ts'

const ANSWER = 'According to the sources, returns are accepted within 30 days [1]. Shipping is free [2].'
const USAGE = { prompt_tokens: 321, completion_tokens: 45, total_tokens: 366 }

function chunkWriter(res: ServerResponse, model: string) {
  return (delta: object, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-gated', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    )
}

export interface GatedLlm {
  config: { LLM_BASE_URL: string; LLM_API_KEY: string; LLM_MODEL: string }
  /** Holds the next streamed answers after their first token until release(). */
  holdAfterFirstToken(): void
  /** Lets every held answer write the rest; later answers stream at once again. */
  release(): void
  /** Streamed answers that have written their first token and now wait for release(). */
  readonly heldAnswers: number
  /** Chat requests received. */
  readonly requests: number
  /** Resolves when the client of a streamed answer went away before its end (the nth such answer, from 1). */
  abandoned(nth?: number): Promise<void>
  close(): Promise<void>
}

export async function startGatedLlm(): Promise<GatedLlm> {
  let gate: { opened: Promise<void>; open(): void } | null = null
  let heldAnswers = 0
  let requests = 0
  let abandonedAnswers = 0
  const abandonWaiters: { nth: number; resolve(): void }[] = []
  const server = await startLocalServer(async (req, res, body) => {
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST')
      return sendJson(res, 404, { error: { message: 'not found' } })
    requests += 1
    const request = JSON.parse(body.toString()) as { model: string; stream?: boolean }
    if (!request.stream) {
      return sendJson(res, 200, {
        id: 'chatcmpl-gated',
        object: 'chat.completion',
        created: 1,
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }],
        usage: USAGE,
      })
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream' })
    res.once('close', () => {
      if (res.writableEnded) return
      abandonedAnswers += 1
      for (const waiter of abandonWaiters.filter((each) => each.nth <= abandonedAnswers)) waiter.resolve()
    })
    const chunk = chunkWriter(res, request.model)
    const [first, ...rest] = ANSWER.match(/\S+\s*/g) ?? []
    chunk({ role: 'assistant', content: '' })
    chunk({ content: first })
    const held = gate
    if (held) {
      heldAnswers += 1
      await held.opened
      heldAnswers -= 1
    }
    if (res.destroyed) return
    for (const piece of rest) chunk({ content: piece })
    chunk({}, 'stop')
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-gated', object: 'chat.completion.chunk', created: 1, model: request.model, choices: [], usage: USAGE })}\n\n`,
    )
    res.end('data: [DONE]\n\n')
  })
  return {
    config: { LLM_BASE_URL: `${server.url}/v1`, LLM_API_KEY: 'llm-key', LLM_MODEL: 'gated-chat-1' },
    holdAfterFirstToken() {
      let open = () => {}
      const opened = new Promise<void>((resolve) => (open = resolve))
      gate = { opened, open }
    },
    release() {
      gate?.open()
      gate = null
    },
    get heldAnswers() {
      return heldAnswers
    },
    get requests() {
      return requests
    },
    abandoned(nth = 1) {
      return new Promise<void>((resolve) => {
        if (abandonedAnswers >= nth) resolve()
        else abandonWaiters.push({ nth, resolve })
      })
    },
    async close() {
      gate?.open()
      await server.close()
    },
  }
}
