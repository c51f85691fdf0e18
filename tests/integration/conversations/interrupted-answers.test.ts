// @database-specific: processes share the database; locks and leases
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { countTokens } from '../../../server/chat/answering/count-tokens.ts'
import { readUsage } from '../../../server/usage/read-usage.ts'
import { bearer } from '../../support/accounts.ts'
import { registerAccount } from '../../support/call-api.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { createDatabaseLocation, openDatabaseAt, type DatabaseLocation } from '../../support/create-test-database.ts'
import { FULL_ANSWER_TOKENS, startFakeLlm } from '../../support/fake-llm.ts'
import { spawnServer, type SpawnedServer } from '../../support/spawn-server.ts'
import type { MessageView } from '../../../server/conversations/conversations.schemas.ts'

// Long enough that the answer is still streaming, word by word, when the test cuts it.
const LONG_REPLY = `${Array.from({ length: 150 }, (_unused, index) => `word${index}`).join(' ')}.`
// Longer than any test (5,000 words at 100 ms each): an answer the test kills is still being written
// whenever its steps land, however slow the machine (only the LLM timeout, a minute, would end it).
const ENDLESS_REPLY = `${Array.from({ length: 5_000 }, (_unused, index) => `word${index}`).join(' ')}.`
/** A failed answer's cost: its prompt at four characters a token, and what was written by the tokenizer. */
async function cutAnswerTokens(request: { messages: { content: string | null }[] }, written: string) {
  return (
    Math.ceil(request.messages.reduce((sum, message) => sum + (message.content ?? '').length, 0) / 4) +
    (await countTokens(written))
  )
}

/** Opens a streaming chat call and resolves once `tokens` token events have arrived; the call stays open. */
async function startStreamingAnswer(url: string, token: string, text: string, tokens: number, signal?: AbortSignal) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...bearer(token), 'Content-Type': 'application/json' },
    body: JSON.stringify({ message_text: text }),
    signal,
  })
  expect(response.status).toBe(200)
  const reader = response.body!.getReader()
  let received = ''
  while ((received.match(/event: token/g) ?? []).length < tokens)
    received += new TextDecoder().decode((await reader.read()).value)
  // The rest of the stream is read (and dropped) until the server or the client cuts it.
  void (async () => {
    for (;;) if ((await reader.read()).done) return
  })().catch(() => {})
}

describe('an answer cut by a crash (kill -9 while it streams)', () => {
  const running: SpawnedServer[] = []
  const locations: DatabaseLocation[] = []
  let llm: Awaited<ReturnType<typeof startFakeLlm>>

  beforeAll(async () => {
    llm = await startFakeLlm()
    llm.state.reply = () => LONG_REPLY
  })
  afterAll(async () => llm.close())
  afterEach(async () => {
    for (const server of running.splice(0)) {
      server.child.kill('SIGKILL')
      await server.exited
    }
    for (const location of locations.splice(0)) await location.destroy()
  })

  async function start(env: Record<string, string | undefined>) {
    const server = await spawnServer(env)
    running.push(server)
    return server
  }

  async function call(server: SpawnedServer, token: string, path: string, body?: unknown) {
    const response = await fetch(`${server.baseUrl}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...bearer(token), 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  /** A database, a running server on it, an account, an agent and a conversation. */
  async function setUp() {
    const location = await createDatabaseLocation()
    locations.push(location)
    // The answer window is the default LLM timeout plus 30 s: nothing below may wait for it.
    const env = { DATA_DIR: location.DATA_DIR, DATABASE_URL: location.DATABASE_URL, ...llm.config }
    const first = await start(env)
    const { access } = await registerAccount(first.baseUrl, {
      email: `crash-${Date.now()}@example.com`,
      password: 'Correct-Horse-9',
      full_name: 'Crash Test',
    })
    const agentId = (await call(first, access, '/agents/create/', { name: 'Slow writer' })).body.agent_id as string
    const conversationId = (await call(first, access, '/conversations/create/', { name: 'Chat', agent_id: agentId }))
      .body.conversation_id as string
    return { location, env, first, access, agentId, conversationId }
  }

  const messagesOf = async (server: SpawnedServer, token: string, agentId: string, conversationId: string) =>
    (await call(server, token, `/conversations/${agentId}/${conversationId}/messages/`)).body.data as MessageView[]

  /**
   * Starts an endless answer on `writer`, waits until `reader` shows part of it saved, runs `whileWriting`
   * (the writer still alive and writing), then kills the writer outright.
   */
  async function crashMidAnswer(
    writer: SpawnedServer,
    reader: SpawnedServer,
    { access, agentId, conversationId }: { access: string; agentId: string; conversationId: string },
    whileWriting = async () => {},
  ) {
    llm.state.reply = () => ENDLESS_REPLY
    llm.state.tokenDelayMs = 100
    const requestsBefore = llm.requests.length
    await startStreamingAnswer(
      `${writer.baseUrl}/api/conversations/chat/${agentId}/${conversationId}/?stream=true`,
      access,
      'Tell me everything.',
      3,
    )
    let seen = ''
    await expect
      .poll(
        async () => {
          seen =
            (await messagesOf(reader, access, agentId, conversationId)).find(
              (message) => message.sender_type === 'user' && message.message_text === 'Tell me everything.',
            )?.partial_answer ?? ''
          return seen
        },
        { timeout: 20_000 },
      )
      .toMatch(/^word0 /)
    await whileWriting()
    writer.child.kill('SIGKILL')
    await writer.exited
    llm.state.reply = () => LONG_REPLY
    llm.state.tokenDelayMs = 0
    return { seen, request: llm.requests[requestsBefore]! }
  }

  it(
    'after a restart on the same data, the answer shows failed with what was written, metered once, and the conversation answers at once',
    { timeout: 120_000 },
    async () => {
      const { location, env, first, access, agentId, conversationId } = await setUp()
      const { seen, request } = await crashMidAnswer(first, first, { access, agentId, conversationId })

      const second = await start(env)
      const [, interrupted] = await messagesOf(second, access, agentId, conversationId)
      expect(interrupted).toMatchObject({ sender_type: 'user', answer_failed: true })
      expect(interrupted!.partial_answer!.startsWith(seen)).toBe(true)
      expect(ENDLESS_REPLY.startsWith(interrupted!.partial_answer!)).toBe(true)
      expect(second.output.some((line) => line.includes('marked 1 interrupted answer(s) failed'))).toBe(true)

      const retried = await call(
        second,
        access,
        `/conversations/${agentId}/${conversationId}/${interrupted!.message_id}/retry/`,
        {},
      )
      expect(retried.status).toBe(200)
      expect((retried.body.ai_message as MessageView).reply_to).toBe(interrupted!.message_id)
      const next = await call(second, access, `/conversations/chat/${agentId}/${conversationId}/`, {
        message_text: 'And then?',
      })
      expect(next.status).toBe(200)

      second.child.kill('SIGTERM')
      expect(await second.exited).toBe(0)
      const database = await openDatabaseAt(location)
      try {
        const owner = await database.prisma.user.findFirstOrThrow({ select: { id: true } })
        const usage = await readUsage(database, owner.id)
        // The cut answer counted once (not again by the retry or the new message), and two whole answers.
        expect(usage.tokens).toBe(
          (await cutAnswerTokens(request, interrupted!.partial_answer!)) + 2 * FULL_ANSWER_TOKENS,
        )
        expect(usage.messages).toBe(2)
      } finally {
        await database.close()
      }
    },
  )

  it.runIf(inject('databaseKind') === 'postgres')(
    'with two processes on one PostgreSQL, the other refuses a new message while the first writes its answer, and takes one at once after the first dies',
    { timeout: 120_000 },
    async () => {
      const { location, env, first, access, agentId, conversationId } = await setUp()
      const other = await start(env)
      const { seen, request } = await crashMidAnswer(first, other, { access, agentId, conversationId }, async () => {
        const whileAlive = await call(other, access, `/conversations/chat/${agentId}/${conversationId}/`, {
          message_text: 'Are you there?',
        })
        expect(whileAlive.status).toBe(409)
        expect(whileAlive.body.message).toBe(
          'The agent is still answering the previous message. Wait for its answer, then send again.',
        )
      })

      const next = await call(other, access, `/conversations/chat/${agentId}/${conversationId}/`, {
        message_text: 'Still there?',
      })
      expect(next.status).toBe(200)
      const messages = await messagesOf(other, access, agentId, conversationId)
      const interrupted = messages.find((message) => message.message_text === 'Tell me everything.')!
      expect(interrupted.answer_failed).toBe(true)
      expect(interrupted.partial_answer!.startsWith(seen)).toBe(true)
      expect(ENDLESS_REPLY.startsWith(interrupted.partial_answer!)).toBe(true)
      expect(messages.some((message) => message.message_text === 'Are you there?')).toBe(false)
      expect(messages.at(-1)).toMatchObject({
        sender_type: 'ai',
        reply_to: (next.body.user_message as MessageView).message_id,
      })

      const database = await openDatabaseAt(location)
      try {
        const owner = await database.prisma.user.findFirstOrThrow({ select: { id: true } })
        // The cut answer and the one whole answer; the refused message cost nothing.
        expect((await readUsage(database, owner.id)).tokens).toBe(
          (await cutAnswerTokens(request, interrupted.partial_answer!)) + FULL_ANSWER_TOKENS,
        )
      } finally {
        await database.close()
      }
    },
  )
})

describe('an answer whose client goes away mid-stream', () => {
  let testbed: ChatTestbed
  beforeAll(async () => {
    testbed = await startChatTestbed()
  })
  afterAll(async () => testbed.close())

  it('is stopped and marked failed at once with what was written and its cost metered, and a retry answers at once', async () => {
    const { testApp, llm, owner, agentId } = testbed
    llm.state.reply = () => LONG_REPLY
    llm.state.tokenDelayMs = 50
    const conversationId = (
      await testApp.request
        .post('/api/conversations/create/')
        .set(bearer(owner.access))
        .send({ name: 'Chat', agent_id: agentId })
    ).body.conversation_id as string
    const tokensBefore = (await readUsage(testApp.database, owner.userId)).tokens
    const server = testApp.app.listen(0, '127.0.0.1')
    await once(server, 'listening')
    try {
      const controller = new AbortController()
      const closedBefore = llm.state.closedEarly
      await startStreamingAnswer(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/conversations/chat/${agentId}/${conversationId}/?stream=true`,
        owner.access,
        'Tell me everything.',
        3,
        controller.signal,
      )
      controller.abort()
      await expect.poll(() => llm.state.closedEarly).toBeGreaterThan(closedBefore)
      await expect
        .poll(
          async () =>
            (await testApp.database.prisma.message.findFirst({ where: { conversationId, senderType: 'user' } }))
              ?.answerError,
        )
        .toBe('stopped')
    } finally {
      server.close()
    }
    const messages = (
      await testApp.request.get(`/api/conversations/${agentId}/${conversationId}/messages/`).set(bearer(owner.access))
    ).body.data as MessageView[]
    const stopped = messages.find((message) => message.sender_type === 'user')!
    expect(stopped.answer_failed).toBe(true)
    expect(stopped.partial_answer).toMatch(/^word0 word1 word2 /)
    expect(LONG_REPLY.startsWith(stopped.partial_answer!)).toBe(true)
    expect((await readUsage(testApp.database, owner.userId)).tokens - tokensBefore).toBe(
      await cutAnswerTokens(llm.requests.at(-1)!, stopped.partial_answer!),
    )

    llm.state.tokenDelayMs = 0
    const retried = await testApp.request
      .post(`/api/conversations/${agentId}/${conversationId}/${stopped.message_id}/retry/`)
      .set(bearer(owner.access))
    expect(retried.status).toBe(200)
    expect(retried.body.user_message).toMatchObject({ answer_failed: false, partial_answer: null })
    expect(retried.body.ai_message.message_text).toBe(LONG_REPLY)
  })
})
