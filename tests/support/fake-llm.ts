import type { ServerResponse } from 'node:http'
import { sendJson, startLocalServer } from './local-http-server.ts'

/** What the fake reports for every whole answer; FULL_ANSWER_TOKENS is what metering counts for one. */
const FAKE_USAGE = { prompt_tokens: 321, completion_tokens: 45, total_tokens: 366 }
export const FULL_ANSWER_TOKENS = FAKE_USAGE.total_tokens

export interface ChatRequest {
  model: string
  stream?: boolean
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[]
  temperature?: number
  max_tokens?: number
  tools?: { type: 'function'; function: { name: string; description: string; parameters: object } }[]
  tool_choice?: string
}

/** A tool call the fake model makes: the function's name and the JSON text of its arguments. */
export interface FakeToolCall {
  name: string
  arguments: string
}

/** How the fake answers the next requests. */
type FakeLlmMode =
  'answer' | 'rate-limited' | 'fail-once' | 'server-error' | 'hang' | 'stall-mid-stream' | 'no-usage' | 'no-tools' // a model served without tool calling: a request offering tools is refused (400)

/**
 * The text a naive model would write: it obeys any order written outside the <sources> block (which is
 * where a prompt-injection would land if sources were not kept inert), else it answers citing [1].
 */
function naiveReply(request: ChatRequest): string {
  const outsideSources = request.messages
    .map((message) => (message.content ?? '').replace(/<sources>[\s\S]*?<\/sources>/g, ''))
    .join('\n')
  const order = /IGNORE ALL PREVIOUS INSTRUCTIONS[^.\n]*?say "([^"]+)"/i.exec(outsideSources)
  if (order) return order[1] as string
  const last = request.messages.at(-1)?.content ?? ''
  if (request.messages.at(-1)?.role === 'tool') return 'Here is what I found.'
  if (last.includes('(no source matches this question)')) return 'The available sources do not cover this question.'
  return 'According to the sources, returns are accepted within 30 days [1]. Shipping is free [2].'
}

async function writeStream(
  res: ServerResponse,
  request: ChatRequest,
  text: string,
  { usage = true, stallAfter = Infinity, delayMs = 0 } = {},
) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' })
  const pieces = text.match(/\S+\s*/g) ?? []
  const chunk = (delta: object, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: `${request.model}-served`, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    )
  chunk({ role: 'assistant', content: '' })
  for (const [index, piece] of pieces.entries()) {
    if (index >= stallAfter) return // keeps the connection open, sending nothing more
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    if (res.destroyed) return
    chunk({ content: piece })
  }
  chunk({}, 'stop')
  if (usage)
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: `${request.model}-served`, choices: [], usage: FAKE_USAGE })}\n\n`,
    )
  res.end('data: [DONE]\n\n')
}

/** Streams tool calls as OpenAI does: each call's id and name first, its arguments in pieces, then finish_reason tool_calls. */
function writeToolCalls(res: ServerResponse, request: ChatRequest, calls: FakeToolCall[]) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' })
  const chunk = (delta: object, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: `${request.model}-served`, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    )
  chunk({ role: 'assistant', content: null })
  for (const [index, call] of calls.entries()) {
    chunk({
      tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name: call.name, arguments: '' } }],
    })
    for (const piece of call.arguments.match(/.{1,8}/gs) ?? [])
      chunk({ tool_calls: [{ index, function: { arguments: piece } }] })
  }
  chunk({}, 'tool_calls')
  res.write(
    `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: `${request.model}-served`, choices: [], usage: FAKE_USAGE })}\n\n`,
  )
  res.end('data: [DONE]\n\n')
}

/** An OpenAI-compatible chat-completions endpoint on 127.0.0.1, streaming or not, with scripted failures. */
export async function startFakeLlm() {
  const requests: ChatRequest[] = []
  // tokenDelayMs: a pause before each token, like a real model writing.
  const state = {
    mode: 'answer' as FakeLlmMode,
    reply: naiveReply,
    closedEarly: 0,
    tokenDelayMs: 0,
    /** The tools the model calls when offered some (none by default); asked again after each round of results. */
    toolCalls: (() => []) as (request: ChatRequest) => FakeToolCall[],
  }
  let failedOnce = false
  const server = await startLocalServer(async (req, res, body) => {
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST')
      return sendJson(res, 404, { error: { message: 'not found' } })
    if (req.headers.authorization !== 'Bearer llm-key')
      return sendJson(res, 401, { error: { message: 'bad key', type: 'invalid_request_error' } })
    const request = JSON.parse(body.toString()) as ChatRequest
    requests.push(request)
    res.on('close', () => {
      if (!res.writableFinished) state.closedEarly += 1
    })
    if (state.mode === 'hang') return
    if (state.mode === 'rate-limited') {
      res.setHeader('retry-after-ms', '5')
      return sendJson(res, 429, { error: { message: 'Rate limit reached', type: 'rate_limit_error' } })
    }
    if (state.mode === 'server-error' || (state.mode === 'fail-once' && !failedOnce)) {
      failedOnce = true
      return sendJson(res, 500, { error: { message: 'The server had an error', type: 'server_error' } })
    }
    if (state.mode === 'no-tools' && request.tools?.length)
      return sendJson(res, 400, {
        error: { message: '"auto" tool choice requires --enable-auto-tool-choice to be set', type: 'BadRequestError' },
      })
    const calls = request.tools?.length && request.tool_choice !== 'none' ? state.toolCalls(request) : []
    if (calls.length > 0 && request.stream) return writeToolCalls(res, request, calls)
    const text = state.reply(request)
    if (!request.stream) {
      return sendJson(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1,
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: FAKE_USAGE,
      })
    }
    await writeStream(res, request, text, {
      usage: state.mode !== 'no-usage',
      stallAfter: state.mode === 'stall-mid-stream' ? 2 : Infinity,
      delayMs: state.tokenDelayMs,
    })
  })
  return {
    config: { LLM_BASE_URL: `${server.url}/v1`, LLM_API_KEY: 'llm-key', LLM_MODEL: 'fake-chat-1' },
    requests,
    state,
    close: server.close,
  }
}
