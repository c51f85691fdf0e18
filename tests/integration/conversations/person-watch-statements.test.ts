// @database-specific: NOTIFY signals heard on a listening connection, counted apart from requests
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { watchForPerson } from '../../../server/conversations/handoff/watch-for-person.ts'
import { countStatementsOf } from '../../../server/db/count-statements.ts'
import { createConversationSignals, type ConversationSignals } from '../../../server/live/conversation-signals.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { testConfig } from '../../support/create-test-app.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { newIntegration, visitor, UNLIMITED_VISITORS } from '../../support/widget-visitors.ts'

// What a signal causes is nobody's request: a request's statement count holds what the request itself
// sent, not the looks that signals (a team member joining, or its own writes echoing back) happen to ask
// for while it runs, nor those of the requests after it that share the connection it opened.
let testbed: ChatTestbed
let signals: ConversationSignals
let conversationId: string

beforeAll(async () => {
  testbed = await startChatTestbed({ ...UNLIMITED_VISITORS })
  const { client_key } = await newIntegration(testbed)
  conversationId = (await visitor(testbed.testApp, client_key)).conversationId
  // Signals of their own, heard first from inside the counted work below: the connection that hears
  // them is opened there.
  signals = createConversationSignals(testbed.testApp.database, createLogger({ ...testConfig(), LOG_LEVEL: 'silent' }))
})
afterAll(async () => {
  await signals.close()
  await testbed.close()
})

describe('a person watch', () => {
  it('counts its first look in the request, and the looks signals ask for in none', async () => {
    const { database } = testbed.testApp
    const request = { count: 0 }
    const watch = await countStatementsOf(request, () => watchForPerson({ database, signals, conversationId }))
    expect(request.count).toBe(1)
    expect(watch.joined.aborted).toBe(false)
    // Another request tells the chat's streams it changed (its pg_notify is its own statement, on PostgreSQL).
    const notifier = { count: 0 }
    await countStatementsOf(notifier, () => signals.changed(conversationId))
    // A team member joins: the row's trigger signals it, and the look it asks for finds them.
    const joined = new Promise((resolve) => watch.joined.addEventListener('abort', resolve, { once: true }))
    await database.prisma.conversation.update({ where: { id: conversationId }, data: { personName: 'Ada' } })
    await joined
    watch.stop()
    expect(request.count).toBe(1)
    expect(notifier.count).toBe(database.kind === 'postgres' ? 1 : 0)
  })
})
