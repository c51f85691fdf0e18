import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'

let testApp: TestApp
let owner: SignedUp
let stranger: SignedUp
let agentId: string
let otherAgentId: string

beforeAll(async () => {
  testApp = await createTestApp()
  owner = await signUp(testApp)
  stranger = await signUp(testApp, { email: 'stranger@example.com' })
  agentId = await createAgentFor(testApp, owner, 'Helper')
  otherAgentId = await createAgentFor(testApp, owner, 'Other')
})
afterAll(async () => testApp.cleanup())

const as = (account: SignedUp) => bearer(account.access)

async function create(name: string, agent = agentId) {
  const response = await testApp.request
    .post('/api/conversations/create/')
    .set(as(owner))
    .send({ name, agent_id: agent })
  expect(response.status).toBe(201)
  return response.body
}

describe('creating a conversation', () => {
  it('returns conversation_id, a message and the AI’s first message', async () => {
    const body = await create('Chat with Helper')
    expect(body.message).toBe('Conversation created successfully')
    expect(body.ai_message).toMatchObject({
      message_text: 'Hello! How can I help you today?',
      sender_type: 'ai',
      message_link: null,
    })
    expect(body.conversation).toMatchObject({
      id: body.conversation_id,
      name: 'Chat with Helper',
      agent_id: agentId,
      agent_name: 'Helper',
      status: 'active',
      unread: 0,
    })
  })

  it.each([
    [{ agent_id: 'x' }, 'Conversation name is required and cannot be empty.'],
    [{ name: '   ', agent_id: 'x' }, 'Conversation name is required and cannot be empty.'],
    [{ name: 'Chat' }, 'Agent ID is required.'],
    [{ name: 'Chat', agent_id: '  ' }, 'Agent ID is required.'],
  ])('refuses %j with the SPEC message', async (body, message) => {
    const response = await testApp.request.post('/api/conversations/create/').set(as(owner)).send(body)
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  it('answers 404 with the SPEC message for an agent that does not exist or is not the caller’s', async () => {
    for (const [account, agent] of [
      [owner, '01900000-0000-7000-8000-000000000000'],
      [owner, 'not-a-uuid'],
      [stranger, agentId],
    ] as const) {
      const response = await testApp.request
        .post('/api/conversations/create/')
        .set(as(account))
        .send({ name: 'Chat', agent_id: agent })
      expect(response.status).toBe(404)
      expect(response.body.message).toBe('The selected agent does not exist or is no longer available.')
    }
  })

  it('meters the conversation in the account’s usage for the period', async () => {
    const before = await testApp.database.prisma.usageCounter.findFirst({
      where: { accountId: owner.userId, metric: 'conversations' },
    })
    await create('Metered')
    const after = await testApp.database.prisma.usageCounter.findFirst({
      where: { accountId: owner.userId, metric: 'conversations' },
    })
    expect(Number(after?.value)).toBe(Number(before?.value ?? 0) + 1)
  })
})

describe('listing, filtering and searching', () => {
  it('lists an agent’s conversations newest first, with filters, search and pagination', async () => {
    const agent = await createAgentFor(testApp, owner, 'Lister')
    const ids: string[] = []
    for (const name of ['Alpha order', 'Beta refund', 'Gamma order'])
      ids.push((await create(name, agent)).conversation_id)
    await testApp.request
      .post(`/api/conversations/${agent}/${ids[0]}/update/`)
      .set(as(owner))
      .send({ is_favorite: true })
    await testApp.request
      .post(`/api/conversations/${agent}/${ids[1]}/update/`)
      .set(as(owner))
      .send({ is_archived: true })

    const all = await testApp.request.get(`/api/conversations/${agent}/`).set(as(owner))
    expect(all.body).toMatchObject({ total: 2, page: 1, limit: 10, total_pages: 1 })
    expect(all.body.data.map((c: { name: string }) => c.name)).toEqual(['Gamma order', 'Alpha order'])
    const favorite = await testApp.request
      .get(`/api/conversations/${agent}/`)
      .query({ filter: 'favorite' })
      .set(as(owner))
    expect(favorite.body.data.map((c: { name: string }) => c.name)).toEqual(['Alpha order'])
    const archived = await testApp.request
      .get(`/api/conversations/${agent}/`)
      .query({ filter: 'archived' })
      .set(as(owner))
    expect(archived.body.data.map((c: { name: string }) => c.name)).toEqual(['Beta refund'])
    const searched = await testApp.request.get(`/api/conversations/${agent}/`).query({ search: 'GAMMA' }).set(as(owner))
    expect(searched.body.data.map((c: { name: string }) => c.name)).toEqual(['Gamma order'])
    const paged = await testApp.request.get(`/api/conversations/${agent}/`).query({ page: 2, limit: 1 }).set(as(owner))
    expect(paged.body).toMatchObject({ total: 2, page: 2, limit: 1, total_pages: 2 })
    expect(paged.body.data.map((c: { name: string }) => c.name)).toEqual(['Alpha order'])
  })

  it('refuses a bad filter or page with a 400', async () => {
    expect(
      (await testApp.request.get(`/api/conversations/${agentId}/`).query({ filter: 'starred' }).set(as(owner))).body
        .message,
    ).toBe('filter must be all, favorite or archived')
    expect(
      (await testApp.request.get(`/api/conversations/${agentId}/`).query({ limit: 0 }).set(as(owner))).status,
    ).toBe(400)
  })

  it('asks for an agent when the id is missing', async () => {
    const response = await testApp.request.get('/api/conversations/undefined/').set(as(owner))
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Agent ID is required to fetch conversations')
  })

  it('the index lists conversations of every visible agent, or of one with agent_id', async () => {
    await create('On the other agent', otherAgentId)
    const all = await testApp.request.get('/api/conversations/index/').query({ limit: 100 }).set(as(owner))
    expect(new Set(all.body.data.map((c: { agent_id: string }) => c.agent_id))).toContain(otherAgentId)
    const one = await testApp.request.get('/api/conversations/index/').query({ agent_id: otherAgentId }).set(as(owner))
    expect(one.body.data.every((c: { agent_id: string }) => c.agent_id === otherAgentId)).toBe(true)
    expect((await testApp.request.get('/api/conversations/index/').set(as(stranger))).body.total).toBe(0)
    const malformed = await testApp.request
      .get('/api/conversations/index/')
      .query({ agent_id: '0'.repeat(36) })
      .set(as(owner))
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('agent_id must be the id of an agent')
    expect((await testApp.request.get('/api/conversations/index/').query({ agent_id: '' }).set(as(owner))).status).toBe(
      200,
    )
  })

  it('GET /conversations/{id}/ returns one conversation by its id', async () => {
    const { conversation_id } = await create('Single')
    const response = await testApp.request.get(`/api/conversations/${conversation_id}/`).set(as(owner))
    expect(response.body).toMatchObject({ id: conversation_id, name: 'Single' })
    expect((await testApp.request.get(`/api/conversations/${conversation_id}/`).set(as(stranger))).status).toBe(404)
  })
})

describe('updating, reading and deleting', () => {
  it('renames and flags, and a soft delete hides it everywhere', async () => {
    const { conversation_id } = await create('To rename')
    const renamed = await testApp.request
      .post(`/api/conversations/${agentId}/${conversation_id}/update/`)
      .set(as(owner))
      .send({ name: '  Renamed  ', is_favorite: true })
    expect(renamed.body.conversation).toMatchObject({ name: 'Renamed', is_favorite: true })
    const blank = await testApp.request
      .post(`/api/conversations/${agentId}/${conversation_id}/update/`)
      .set(as(owner))
      .send({ name: ' ' })
    expect(blank.body.message).toBe('Conversation name is required and cannot be empty.')
    const deleted = await testApp.request
      .post(`/api/conversations/${agentId}/${conversation_id}/update/`)
      .set(as(owner))
      .send({ is_deleted: true })
    expect(deleted.body.message).toBe('Conversation deleted successfully')
    expect((await testApp.request.get(`/api/conversations/${conversation_id}/`).set(as(owner))).status).toBe(404)
    const list = await testApp.request.get(`/api/conversations/${agentId}/`).query({ limit: 100 }).set(as(owner))
    expect(list.body.data.map((c: { id: string }) => c.id)).not.toContain(conversation_id)
    expect(await testApp.database.prisma.conversation.count({ where: { id: conversation_id } })).toBe(1) // soft: nothing lost
  })

  it('closing a conversation (is_active false) shows in check-active and refuses new messages', async () => {
    const { conversation_id } = await create('Closing')
    const active = await testApp.request
      .get(`/api/conversations/${agentId}/${conversation_id}/check-active/`)
      .set(as(owner))
    expect(active.body).toEqual({ is_active: true, conversation_id, agent_id: agentId, status: 'active' })
    await testApp.request
      .post(`/api/conversations/${agentId}/${conversation_id}/update/`)
      .set(as(owner))
      .send({ is_active: false })
    const closed = await testApp.request
      .get(`/api/conversations/${agentId}/${conversation_id}/check-active/`)
      .set(as(owner))
    expect(closed.body).toMatchObject({ is_active: false, status: 'completed' })
    const sent = await testApp.request
      .post(`/api/conversations/chat/${agentId}/${conversation_id}/`)
      .set(as(owner))
      .send({ message_text: 'Hello' })
    expect(sent.status).toBe(409)
  })

  it('marks a conversation read', async () => {
    const { conversation_id } = await create('Unread')
    await testApp.database.prisma.conversation.update({ where: { id: conversation_id }, data: { unreadCount: 3 } })
    const read = await testApp.request.put(`/api/conversations/${conversation_id}/read/`).set(as(owner))
    expect(read.body).toMatchObject({ unread: 0 })
    expect((await testApp.request.get(`/api/conversations/${conversation_id}/`).set(as(owner))).body.unread).toBe(0)
  })
})

describe('messages', () => {
  it('pages messages newest page first, each page oldest first', async () => {
    const { conversation_id } = await create('Paging')
    for (const text of ['one', 'two', 'three']) {
      expect(
        (
          await testApp.request
            .post(`/api/conversations/chat/${agentId}/${conversation_id}/`)
            .set(as(owner))
            .send({ message_text: text })
        ).status,
      ).toBe(200)
    }
    const latest = await testApp.request
      .get(`/api/conversations/${agentId}/${conversation_id}/messages/`)
      .query({ limit: 2 })
      .set(as(owner))
    expect(latest.body).toMatchObject({ total: 7, page: 1, limit: 2, total_pages: 4 })
    expect(latest.body.data.map((m: { sender_type: string }) => m.sender_type)).toEqual(['user', 'ai'])
    expect(latest.body.data[0].message_text).toBe('three')
    const defaults = await testApp.request
      .get(`/api/conversations/${agentId}/${conversation_id}/messages/`)
      .set(as(owner))
    expect(defaults.body).toMatchObject({ page: 1, limit: 30 })
  })

  it('refuses empty or whitespace-only messages with a 400', async () => {
    const { conversation_id } = await create('Empty')
    for (const message_text of ['', '   ', undefined]) {
      const response = await testApp.request
        .post(`/api/conversations/chat/${agentId}/${conversation_id}/`)
        .set(as(owner))
        .send({ message_text })
      expect(response.status).toBe(400)
      expect(response.body.message).toBe('Message text is required and cannot be empty.')
    }
    const missing = await testApp.request
      .post('/api/conversations/chat/')
      .set(as(owner))
      .send({ message_text: 'Hi', agent_id: agentId })
    expect(missing.body.message).toBe('Conversation ID is required to send messages')
    // Ids in a body that are no ids answer 400 with the field's message before any query.
    for (const [body, message] of [
      [
        { message_text: 'Hi', agent_id: agentId, conversation_id: '-'.repeat(36) },
        'Conversation ID is required to send messages',
      ],
      [{ message_text: 'Hi', agent_id: 'not-an-id', conversation_id: conversation_id }, 'Agent ID is required.'],
      [{ message_text: 'Hi', agent_id: 42, conversation_id: conversation_id }, 'Agent ID is required.'],
    ] as const) {
      const response = await testApp.request.post('/api/conversations/chat/').set(as(owner)).send(body)
      expect(response.status).toBe(400)
      expect(response.body.message).toBe(message)
    }
  })

  it('edits and deletes the user’s own messages, never the AI’s', async () => {
    const { conversation_id, ai_message } = await create('Editing')
    const sent = await testApp.request
      .post(`/api/conversations/chat/${agentId}/${conversation_id}/`)
      .set(as(owner))
      .send({ message_text: 'Original' })
    const userMessageId = sent.body.user_message.message_id
    const edited = await testApp.request
      .post(`/api/conversations/${agentId}/${conversation_id}/${userMessageId}/update/`)
      .set(as(owner))
      .send({ message_text: '  Edited  ' })
    expect(edited.body.data).toMatchObject({ message_text: 'Edited' })
    expect(edited.body.data.edited_at).not.toBeNull()
    const empty = await testApp.request
      .post(`/api/conversations/${agentId}/${conversation_id}/${userMessageId}/update/`)
      .set(as(owner))
      .send({ message_text: '  ' })
    expect(empty.status).toBe(400)
    const ai = await testApp.request
      .post(`/api/conversations/${agentId}/${conversation_id}/${ai_message.message_id}/update/`)
      .set(as(owner))
      .send({ message_text: 'Rewritten' })
    expect(ai.status).toBe(403)
    const deleted = await testApp.request
      .post(`/api/conversations/${agentId}/${conversation_id}/${userMessageId}/update/`)
      .set(as(owner))
      .send({ is_deleted: true })
    expect(deleted.body.message).toBe('Message deleted successfully')
    const messages = await testApp.request
      .get(`/api/conversations/${agentId}/${conversation_id}/messages/`)
      .set(as(owner))
    // Its answer goes with it; the greeting before it stays.
    expect(messages.body.data.map((m: { message_id: string }) => m.message_id)).toEqual([ai_message.message_id])
    expect(
      await testApp.database.prisma.message.count({
        where: { id: sent.body.ai_message.message_id, isDeleted: true },
      }),
    ).toBe(1)
  })

  it('meters messages and tokens for the agent owner’s account', async () => {
    const { conversation_id } = await create('Metering')
    const counters = async () =>
      Object.fromEntries(
        (await testApp.database.prisma.usageCounter.findMany({ where: { accountId: owner.userId, scope: '' } })).map(
          (c) => [c.metric, Number(c.value)],
        ),
      )
    const before = await counters()
    const sent = await testApp.request
      .post(`/api/conversations/chat/${agentId}/${conversation_id}/`)
      .set(as(owner))
      .send({ message_text: 'Hello there' })
    const after = await counters()
    expect(after.messages).toBe((before.messages ?? 0) + 1)
    expect(after.tokens).toBe(
      (before.tokens ?? 0) + sent.body.ai_message.usage.prompt_tokens + sent.body.ai_message.usage.completion_tokens,
    )
  })
})
