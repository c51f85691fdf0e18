// Issue 21, conversation export: an agent's conversations as one file (JSON, or CSV with one line per
// message) with their messages, times and sources, deleted ones left out, for the agent's readers only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'

let testApp: TestApp
let owner: SignedUp
let agentId: string
let kept: string

beforeAll(async () => {
  testApp = await createTestApp({ WORKER_IN_SERVER: 'false' })
  owner = await signUp(testApp)
  agentId = await createAgentFor(testApp, owner, 'Exported desk')
  const { prisma } = testApp.database
  const conversation = (name: string, isDeleted = false) =>
    prisma.conversation.create({
      data: { accountId: owner.userId, agentId, name, channel: 'widget', visitorEmail: 'ann@example.com', isDeleted },
    })
  kept = (await conversation('Returns question')).id
  const deleted = await conversation('Deleted one', true)
  const source = { number: 1, title: 'Returns policy', url: 'https://shop.example.com/returns', source_type: 'website' }
  await prisma.message.createMany({
    data: [
      { accountId: owner.userId, conversationId: kept, senderType: 'user', text: '=1+1, "how long"?' },
      {
        accountId: owner.userId,
        conversationId: kept,
        senderType: 'ai',
        text: 'Within 30 days [1].',
        sources: [{ ...source, document_id: null, text_id: null, website_id: null, page: null, snippet: 'x' }],
      },
      { accountId: owner.userId, conversationId: kept, senderType: 'user', text: 'gone', isDeleted: true },
      { accountId: owner.userId, conversationId: deleted.id, senderType: 'user', text: 'secret' },
    ],
  })
  const answer = await prisma.message.findFirstOrThrow({ where: { conversationId: kept, senderType: 'ai' } })
  await prisma.answerFeedback.create({
    data: {
      accountId: owner.userId,
      agentId,
      conversationId: kept,
      messageId: answer.id,
      rater: 'visitor:v1',
      rating: 'down',
      comment: 'Too vague',
    },
  })
})
afterAll(() => testApp.cleanup())

const exportAs = (account: SignedUp, format?: string) =>
  testApp.request
    .get(`/api/agents/${agentId}/conversations/export/`)
    .query(format ? { format } : {})
    .set(bearer(account.access))

describe('conversation export', () => {
  it('writes every conversation with its messages, times and sources as JSON', async () => {
    const file = await exportAs(owner)
    expect(file.status).toBe(200)
    expect(file.headers['content-disposition']).toBe(`attachment; filename="conversations-${agentId}.json"`)
    const body = JSON.parse(file.text) as { agent_id: string; conversations: { messages: unknown[] }[] }
    expect(body.agent_id).toBe(agentId)
    expect(body.conversations).toEqual([
      {
        conversation_id: kept,
        name: 'Returns question',
        channel: 'widget',
        visitor_email: 'ann@example.com',
        created_at: expect.any(String),
        messages: [
          expect.objectContaining({ sender_type: 'user', text: '=1+1, "how long"?', sources: [] }),
          expect.objectContaining({
            sender_type: 'ai',
            text: 'Within 30 days [1].',
            sources: [{ number: 1, title: 'Returns policy', url: 'https://shop.example.com/returns' }],
            feedback: [{ by: 'visitor', rating: 'down', comment: 'Too vague' }],
          }),
        ],
      },
    ])
    expect(file.text).not.toContain('secret')
    expect(file.text).not.toContain('gone')
  })

  it('writes one CSV line per message, formula-safe', async () => {
    const file = await exportAs(owner, 'csv')
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = file.text.split('\r\n')
    expect(lines[0]).toBe(
      'conversation_id,conversation_name,channel,visitor_email,message_id,sender_type,sender_name,text,sources,feedback,created_at',
    )
    expect(lines[1]).toContain(`${kept},Returns question,widget,ann@example.com,`)
    expect(lines[1]).toContain(`,user,,"'=1+1, ""how long""?",,,`)
    expect(lines[2]).toContain(
      ',ai,,Within 30 days [1].,[1] Returns policy <https://shop.example.com/returns>,visitor: down (Too vague),',
    )
    expect(lines).toHaveLength(4) // two messages and the final line break
  })

  it('is for the agent’s readers only', async () => {
    const stranger = await signUp(testApp)
    for (const format of ['json', 'csv']) {
      const refused = await exportAs(stranger, format)
      expect(refused.status).toBe(404)
      expect(refused.body.message).toBe('Agent not found')
    }
    expect((await exportAs(owner, 'xml')).status).toBe(400)
  })
})
