// @database-specific: statement counts per database kind
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { bearer } from '../../support/accounts.ts'
import { countStatementsOf } from '../../../server/db/count-statements.ts'
import { readCountersInBatch } from '../../../server/usage/read-counters.ts'
import { requireVisitorConversation } from '../../../server/widgets/public/require-visitor-conversation.ts'
import type { WidgetCaller } from '../../../server/widgets/public/require-widget-caller.ts'
import { readBodyAsText } from '../../support/read-body-as-text.ts'
import { chat, newIntegration, visitor, type WidgetVisitor, UNLIMITED_VISITORS } from '../../support/widget-visitors.ts'

// The visitor's message is the hot path: every SQL statement it costs (its answer's included) is counted
// by the server and written on the request's log line.
let testbed: ChatTestbed
let returning: WidgetVisitor

beforeAll(async () => {
  testbed = await startChatTestbed({
    ...UNLIMITED_VISITORS,
    BILLING_MODE: 'enforced',
  })
  const { client_key } = await newIntegration(testbed)
  returning = await visitor(testbed.testApp, client_key)
  // The first message warms what a process keeps; the path measured is every message after it.
  expect((await chat(testbed.testApp, returning.auth, returning.conversationId)).status).toBe(200)
})
afterAll(async () => testbed.close())

function statementsOfLast(path: string): number {
  const line = testbed.testApp.logLines.findLast(
    (entry) => (entry.req as { url?: string } | undefined)?.url === path && 'sql_statements' in entry,
  )
  return Number(line?.sql_statements)
}

describe('SQL statements per visitor message', () => {
  it('a message and its answer cost at most 10 statements', async () => {
    const response = await chat(testbed.testApp, returning.auth, returning.conversationId, 'Can I return a product?')
    expect(response.status).toBe(200)
    expect(response.body.ai_message.message_text).toContain('[1]')
    const statements = statementsOfLast(`/api/conversations/api/chat/${returning.conversationId}/`)
    expect(statements).toBeGreaterThan(0)
    expect(statements).toBeLessThanOrEqual(10)
  })

  it('a streamed message and its answer cost at most 10 statements', async () => {
    const response = await testbed.testApp.request
      .post(`/api/conversations/api/chat/${returning.conversationId}/?stream=true`)
      .set(returning.auth)
      .send({ message_text: 'How long do returns take?' })
      .buffer(true)
      .parse(readBodyAsText)
    expect(response.body as string).toContain('event: done')
    const statements = statementsOfLast(`/api/conversations/api/chat/${returning.conversationId}/`)
    expect(statements).toBeLessThanOrEqual(10)
  })
})

// A crowd writing at the same moment (a campaign, a launch): what each message reads before it is saved
// (its conversation, the widget's and the plan's counters) is read for many of them in one statement.
describe('SQL statements when visitors write at once', () => {
  it('their conversations and counters are read together, and each still gets only its own', async () => {
    const { client_key, integration_id } = await newIntegration(testbed)
    const crowd = await Promise.all(Array.from({ length: 12 }, () => visitor(testbed.testApp, client_key)))
    const { database } = testbed.testApp
    const callerOf = (visitorId: string) =>
      ({ session: { visitorId }, integration: { id: integration_id } }) as unknown as WidgetCaller
    const tally = { count: 0 }
    const conversations = await countStatementsOf(tally, () =>
      Promise.all(
        crowd.map((each) =>
          requireVisitorConversation(database, callerOf(each.session.visitor_id), each.conversationId),
        ),
      ),
    )
    expect(conversations.map((conversation) => conversation.id)).toEqual(crowd.map((each) => each.conversationId))
    expect(tally.count).toBe(1)
    // Another visitor's conversation, asked for in the same read, is still refused.
    const [first, second] = crowd
    const refused = await Promise.allSettled([
      requireVisitorConversation(database, callerOf(String(first?.session.visitor_id)), String(second?.conversationId)),
      requireVisitorConversation(
        database,
        callerOf(String(second?.session.visitor_id)),
        String(second?.conversationId),
      ),
    ])
    expect(refused.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled'])
    // An id in capitals names the same conversation; a malformed one is refused without failing the others.
    const [upper, malformed, own] = await Promise.allSettled([
      requireVisitorConversation(
        database,
        callerOf(String(first?.session.visitor_id)),
        String(first?.conversationId).toUpperCase(),
      ),
      requireVisitorConversation(database, callerOf(String(first?.session.visitor_id)), 'not-an-id'),
      requireVisitorConversation(
        database,
        callerOf(String(second?.session.visitor_id)),
        String(second?.conversationId),
      ),
    ])
    expect(upper).toMatchObject({ status: 'fulfilled', value: { id: first?.conversationId } })
    expect(malformed).toMatchObject({ status: 'rejected', reason: { message: 'Conversation not found' } })
    expect(own.status).toBe('fulfilled')

    const accountId = String(conversations[0]?.accountId)
    const keys = [{ metric: 'messages' as const, scope: '', periodStart: new Date('2026-11-01T00:00:00Z') }]
    tally.count = 0
    const counters = await countStatementsOf(tally, () =>
      Promise.all(crowd.map(() => readCountersInBatch(database, { accountId, keys }))),
    )
    expect(counters).toEqual(crowd.map(() => [0]))
    expect(tally.count).toBe(1)
  })
})

// Adding texts is the other path taken thousands of times in a row (an import through the API).
describe('SQL statements per text added', () => {
  it('a text added to an agent that trains on its own, its embedding queued, costs one statement (two on PostgreSQL)', async () => {
    const response = await testbed.testApp.request
      .post(`/api/agents/${testbed.agentId}/texts/create/`)
      .set(bearer(testbed.owner.access))
      .send({ text_title: 'Shipping', text_content: 'Orders ship within two days.' })
    expect(response.status).toBe(201)
    expect(response.body.job).toMatchObject({ status: 'queued' })
    const statements = statementsOfLast(`/api/agents/${testbed.agentId}/texts/create/`)
    expect(statements).toBeGreaterThan(0)
    // The session and the agent are kept; the text and its job are one statement. PostgreSQL's workers in
    // other processes are woken by a NOTIFY, which may come before the request's line is written.
    expect(statements).toBeLessThanOrEqual(inject('databaseKind') === 'postgres' ? 2 : 1)
  })
})
