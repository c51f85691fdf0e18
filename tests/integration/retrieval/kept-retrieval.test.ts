// @database-specific: search kept across writes
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer } from '../../support/accounts.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { addEmbeddedText } from '../../support/knowledge.ts'
import { chat, newIntegration, visitor, type WidgetVisitor, UNLIMITED_VISITORS } from '../../support/widget-visitors.ts'

// A process keeps the plans of questions asked before and the passages it cited, until the agent's
// passages change: a question asked again costs two statements fewer, and a change counts at once.
let testbed: ChatTestbed
let guest: WidgetVisitor

beforeAll(async () => {
  testbed = await startChatTestbed({
    ...UNLIMITED_VISITORS,
  })
  const { client_key } = await newIntegration(testbed)
  guest = await visitor(testbed.testApp, client_key)
})
afterAll(async () => testbed.close())

async function ask(question: string) {
  const response = await chat(testbed.testApp, guest.auth, guest.conversationId, question)
  expect(response.status).toBe(200)
  const line = testbed.testApp.logLines.findLast(
    (entry) =>
      (entry.req as { url?: string } | undefined)?.url === `/api/conversations/api/chat/${guest.conversationId}/`,
  )
  const sources = response.body.ai_message.sources as { title: string }[]
  return { statements: Number(line?.sql_statements), titles: sources.map((source) => source.title) }
}

describe('retrieval kept by a process', () => {
  it('answers a question asked again with two statements fewer, citing the same passage', async () => {
    const first = await ask('Within how many days can a product be returned?')
    const again = await ask('Within how many days can a product be returned?')
    expect(first.titles).toEqual(['Returns policy'])
    expect(again.titles).toEqual(['Returns policy'])
    expect(again.statements).toBe(first.statements - 2)
  })

  it('finds a text added since at once', async () => {
    await addEmbeddedText(
      testbed.testApp,
      testbed.owner,
      testbed.agentId,
      'Returns for sale items',
      'A product bought on sale can be returned within 14 days.',
    )
    const answer = await ask('Within how many days can a product be returned?')
    expect(answer.titles).toContain('Returns for sale items')
  })

  it('no longer cites a text deleted, from the next question on', async () => {
    const texts = await testbed.testApp.database.prisma.text.findMany({ where: { agentId: testbed.agentId } })
    for (const text of texts) {
      const deleted = await testbed.testApp.request
        .delete(`/api/agents/${testbed.agentId}/texts/${text.id}/delete/`)
        .set(bearer(testbed.owner.access))
      expect(deleted.status).toBeLessThan(300)
    }
    expect((await ask('Within how many days can a product be returned?')).titles).toEqual([])
  })
})
