// @database-specific: triggers made in SQL, a held connection, branches on the database kind
// Whatever fails once a message is taken up for its answer (storing the answer, metering), the answer
// ends failed and the conversation takes the next message at once: nothing is left "being answered" by a
// process that is alive and will never finish it. The failures are the database's own (a trigger refusing
// writes, as a full disk or a lost connection would). A visitor's file is stored before its message is
// saved (widgets/widget-attachments.test.ts).
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { failAbandonedAnswers } from '../../../server/conversations/fail-abandoned-answers.ts'
import type { Database } from '../../../server/db/database.ts'
import { DATABASE_UNAVAILABLE } from '../../../server/http/error-answer.ts'
import { readUsage } from '../../../server/usage/read-usage.ts'
import { bearer } from '../../support/accounts.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { createTestDatabase, type TestDatabase } from '../../support/create-test-database.ts'
import { parseServerSentEvents, readBodyAsText } from '../../support/read-body-as-text.ts'
import type { MessageView } from '../../../server/conversations/conversations.schemas.ts'
import { FULL_ANSWER_TOKENS } from '../../support/fake-llm.ts'

const isPostgres = inject('databaseKind') === 'postgres'
let testbed: ChatTestbed
beforeAll(async () => {
  testbed = await startChatTestbed()
})
afterAll(async () => testbed.close())

let triggers = 0
/**
 * Makes the database refuse writes to `table` matching `when` until the returned function is called:
 * `disk-full` raises SQLSTATE 53100; `lost-connection` cuts the writing connection on PostgreSQL (the
 * backend terminates itself) and raises 08006, a connection failure, on PGlite.
 */
async function refuseWrites(
  database: Database,
  table: string,
  operation: 'insert' | 'update',
  when: string,
  how: 'disk-full' | 'lost-connection',
) {
  triggers += 1
  const name = `test_refusal_${triggers}`
  const body =
    how === 'disk-full'
      ? `raise exception 'refused by the test' using errcode = '53100';`
      : isPostgres
        ? 'perform pg_terminate_backend(pg_backend_pid()); perform pg_sleep(30); return new;'
        : `raise exception 'connection lost (the test)' using errcode = '08006';`
  await database.prisma.$executeRawUnsafe(
    `create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`,
  )
  await database.prisma.$executeRawUnsafe(
    `create trigger ${name} before ${operation} on ${table} for each row when (${when}) execute function ${name}()`,
  )
  return async () => {
    await database.prisma.$executeRawUnsafe(`drop trigger ${name} on ${table}`)
    await database.prisma.$executeRawUnsafe(`drop function ${name}()`)
  }
}

async function newConversation() {
  const { testApp, owner, agentId } = testbed
  const created = await testApp.request
    .post('/api/conversations/create/')
    .set(bearer(owner.access))
    .send({ name: 'Chat', agent_id: agentId })
  expect(created.status).toBe(201)
  return created.body.conversation_id as string
}

const send = (conversationId: string, text: string) =>
  testbed.testApp.request
    .post(`/api/conversations/chat/${testbed.agentId}/${conversationId}/`)
    .set(bearer(testbed.owner.access))
    .send({ message_text: text })

/** A conversation's user message with this text, as the API shows it. */
const userMessageOf = async (conversationId: string, text: string) =>
  (
    (
      await testbed.testApp.request
        .get(`/api/conversations/${testbed.agentId}/${conversationId}/messages/`)
        .set(bearer(testbed.owner.access))
    ).body.data as MessageView[]
  ).find((message) => message.sender_type === 'user' && message.message_text === text)

const tokensSpent = async () => (await readUsage(testbed.testApp.database, testbed.owner.userId)).tokens

/** A user message whose answer a dead process was writing (its presence key is held by nobody). */
async function answerLeftByADeadProcess(conversationId: string, text: string) {
  const { database } = testbed.testApp
  const conversation = await database.prisma.conversation.findUniqueOrThrow({ where: { id: conversationId } })
  return database.prisma.message.create({
    data: {
      accountId: conversation.accountId,
      conversationId,
      senderType: 'user',
      text,
      isRead: true,
      answerOwner: 123_456_789n,
      answerStartedAt: new Date(),
      partialAnswer: 'It was',
      answerPromptTokens: 40,
    },
  })
}

describe('when the answer cannot be stored', () => {
  it('the message is failed with the whole answer, its tokens counted once, and the conversation takes a new message at once', async () => {
    const { testApp, llm } = testbed
    const conversationId = await newConversation()
    const before = await tokensSpent()
    const stopRefusing = await refuseWrites(
      testApp.database,
      'messages',
      'insert',
      "new.sender_type = 'ai'",
      'disk-full',
    )
    let sent
    try {
      sent = await send(conversationId, 'How long do I have to return a product?')
    } finally {
      await stopRefusing()
    }
    expect(sent.status).toBe(502)
    expect(sent.body).toMatchObject({
      message: 'Failed to send message',
      reason: 'failed',
      user_message: { answer_failed: true },
    })
    const written = llm.state.reply(llm.requests.at(-1)!)
    expect(await userMessageOf(conversationId, 'How long do I have to return a product?')).toMatchObject({
      answer_failed: true,
      partial_answer: written,
    })
    // The provider's own figures: the answer was whole.
    expect((await tokensSpent()) - before).toBe(FULL_ANSWER_TOKENS)

    expect((await send(conversationId, 'Is shipping free?')).status).toBe(200)
  })

  it('and marking it failed fails too (the database is out of reach), the stream ends with a 503 error, and the conversation still takes a new message at once', async () => {
    const { testApp, llm, owner, agentId } = testbed
    const conversationId = await newConversation()
    const before = await tokensSpent()
    const stopRefusingAnswers = await refuseWrites(
      testApp.database,
      'messages',
      'insert',
      "new.sender_type = 'ai'",
      'lost-connection',
    )
    const stopRefusingFailures = await refuseWrites(
      testApp.database,
      'messages',
      'update',
      'new.answer_error is not null',
      'lost-connection',
    )
    let response
    try {
      response = await testApp.request
        .post(`/api/conversations/chat/${agentId}/${conversationId}/`)
        .set(bearer(owner.access))
        .set('Accept', 'text/event-stream')
        .send({ message_text: 'How long do I have to return a product?' })
        .buffer(true)
        .parse(readBodyAsText)
    } finally {
      await stopRefusingFailures()
      await stopRefusingAnswers()
    }
    const events = parseServerSentEvents(response.body as string)
    expect(events[0]?.event).toBe('user_message')
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { error: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE, retry_after: 5 },
    })
    const written = llm.state.reply(llm.requests.at(-1)!)

    const next = await send(conversationId, 'Is shipping free?')
    expect(next.status).toBe(200)
    expect(await userMessageOf(conversationId, 'How long do I have to return a product?')).toMatchObject({
      answer_failed: true,
      partial_answer: written,
    })
    // The cut answer by the provider's figures (kept in memory while it could not be written), then the new one.
    expect((await tokensSpent()) - before).toBe(2 * FULL_ANSWER_TOKENS)
  })
})

describe('when metering fails after a message was taken up', () => {
  // usage_counters refuses every write: what meters a failed answer, a message and an answer all fail.
  const withMeteringRefused = async <T>(work: () => Promise<T>): Promise<T> => {
    const stop = await refuseWrites(testbed.testApp.database, 'usage_counters', 'insert', 'true', 'disk-full')
    try {
      return await work()
    } finally {
      await stop()
    }
  }

  it('a new message that meets an abandoned answer is still answered, and so is the next one', async () => {
    const conversationId = await newConversation()
    await answerLeftByADeadProcess(conversationId, 'Are you there?')
    const sent = await withMeteringRefused(() => send(conversationId, 'Hello?'))
    expect(sent.status).toBe(200)
    expect((await send(conversationId, 'Still there?')).status).toBe(200)
    expect(testbed.testApp.logLines.some((line) => line.msg === 'could not meter a failed answer')).toBe(true)
  })

  it('a retry of an abandoned answer is answered, and the next message too', async () => {
    const { testApp, owner, agentId } = testbed
    const conversationId = await newConversation()
    const abandoned = await answerLeftByADeadProcess(conversationId, 'Are you there?')
    const retried = await withMeteringRefused(() =>
      testApp.request
        .post(`/api/conversations/${agentId}/${conversationId}/${abandoned.id}/retry/`)
        .set(bearer(owner.access)),
    )
    expect(retried.status).toBe(200)
    expect((await send(conversationId, 'Still there?')).status).toBe(200)
  })

  it('an edit that meets an abandoned answer is made', async () => {
    const { testApp, owner, agentId } = testbed
    const conversationId = await newConversation()
    const abandoned = await answerLeftByADeadProcess(conversationId, 'Are you there?')
    const edited = await withMeteringRefused(() =>
      testApp.request
        .post(`/api/conversations/${agentId}/${conversationId}/${abandoned.id}/update/`)
        .set(bearer(owner.access))
        .send({ message_text: 'Are you still there?' }),
    )
    expect(edited.status).toBe(200)
    expect((await send(conversationId, 'Hello?')).status).toBe(200)
  })
})

describe('the sweep for abandoned answers', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(async () => testDatabase.cleanup())

  // This process's key (its answers are running) and one nobody holds (a process that died).
  const LIVE_KEY = 4_242n
  const DEAD_KEY = 4_343n
  const sweeper = () => ({
    database: testDatabase.database,
    presenceKey: LIVE_KEY,
    answerWindowMs: 90_000,
    logger: pino({ level: 'silent' }),
    droppedAttempts: new Map(),
    channels: new Map(),
  })

  async function newConversationRow() {
    const { prisma } = testDatabase.database
    const user = await prisma.user.create({
      data: { email: `sweep-${Date.now()}-${Math.random()}@example.com`, fullName: 'Sweep' },
    })
    const agent = await prisma.agent.create({ data: { accountId: user.id, name: 'Agent' } })
    return prisma.conversation.create({ data: { accountId: user.id, agentId: agent.id, name: 'Chat' } })
  }

  const inProgress = (conversation: { id: string; accountId: string }, answerOwner: bigint, text: string) => ({
    accountId: conversation.accountId,
    conversationId: conversation.id,
    senderType: 'user' as const,
    text,
    answerOwner,
    answerStartedAt: new Date(),
  })

  it('fails an abandoned answer however many answers in progress come before it', async () => {
    const { prisma } = testDatabase.database
    // One answer in progress per conversation (the database's rule): 250 conversations of one agent.
    const first = await newConversationRow()
    await prisma.conversation.createMany({
      data: Array.from({ length: 249 }, () => ({ accountId: first.accountId, agentId: first.agentId, name: 'Chat' })),
    })
    const busy = await prisma.conversation.findMany({ where: { agentId: first.agentId } })
    await prisma.message.createMany({
      data: busy.map((conversation, index) => inProgress(conversation, LIVE_KEY, `question ${index}`)),
    })
    const cut = await prisma.message.create({ data: inProgress(await newConversationRow(), DEAD_KEY, 'Cut short') })
    expect(await failAbandonedAnswers(sweeper())).toBe(1)
    expect(await prisma.message.findUniqueOrThrow({ where: { id: cut.id } })).toMatchObject({
      answerError: 'interrupted',
      answerOwner: null,
    })
    expect(
      await prisma.message.count({
        where: { conversation: { agentId: first.agentId }, answerOwner: LIVE_KEY, answerError: null },
      }),
    ).toBe(250)
  })

  // A new message takes the conversation's lock to decide between retrying the failed message and saving a new one.
  it.runIf(isPostgres)('fails an answer only with its conversation locked, as a new message locks it', async () => {
    const { prisma } = testDatabase.database
    const cut = await prisma.message.create({ data: inProgress(await newConversationRow(), DEAD_KEY, 'Cut short') })
    const holder = new pg.Client({ connectionString: testDatabase.location.DATABASE_URL })
    await holder.connect()
    try {
      await holder.query('begin')
      await holder.query('select id from conversations where id = $1 for update', [cut.conversationId])
      const sweep = failAbandonedAnswers(sweeper())
      const waiting = async () =>
        (
          await holder.query<{ count: number }>(
            `select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0]?.count
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1)
      expect(await prisma.message.findUniqueOrThrow({ where: { id: cut.id } })).toMatchObject({ answerError: null })
      await holder.query('commit')
      expect(await sweep).toBe(1)
    } finally {
      await holder.end()
    }
    expect(await prisma.message.findUniqueOrThrow({ where: { id: cut.id } })).toMatchObject({
      answerError: 'interrupted',
    })
  })
})
