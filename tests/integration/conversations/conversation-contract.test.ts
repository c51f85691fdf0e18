import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ChatAnswerSchema,
  ConversationActivitySchema,
  ConversationListSchema,
  ConversationViewSchema,
  CreatedConversationSchema,
  MessageListSchema,
  MessageViewSchema,
} from '../../../server/conversations/conversations.schemas.ts'
import { HandoffAnswerSchema } from '../../../server/conversations/handoff/handoff.schemas.ts'
import { VisitorMessageViewSchema } from '../../../server/widgets/public/widget-chat.schemas.ts'
import { bearer, type SignedUp } from '../../support/accounts.ts'
import type { ChatTestbed } from '../../support/chat-testbed.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { chat, newIntegration, startWidgetTestbed, visitor } from '../../support/widget-visitors.ts'

// The dashboard types the conversations calls' answers with conversations.schemas.ts, and the widget's
// with widget-chat.schemas.ts, instead of copies: every answer must match exactly, sources included.
let testbed: ChatTestbed
let testApp: TestApp
let owner: SignedUp
let agentId: string
beforeAll(async () => {
  testbed = await startWidgetTestbed()
  ;({ testApp, owner, agentId } = testbed)
})
afterAll(() => testbed.close())

const asOwner = (path: string) => testApp.request.get(`/api/conversations${path}`).set(bearer(owner.access))

describe('the conversations contract', () => {
  it('create, chat, read, list, update and the messages page answer exactly the views', async () => {
    const created = await testApp.request
      .post('/api/conversations/create/')
      .set(bearer(owner.access))
      .send({ agent_id: agentId, name: 'Contract chat' })
    expect(created.status).toBe(201)
    const { conversation } = CreatedConversationSchema.parse(created.body)

    const answered = await testApp.request
      .post(`/api/conversations/chat/${agentId}/${conversation.id}/`)
      .set(bearer(owner.access))
      .send({ message_text: 'How long do I have to return a product?' })
    expect(answered.status).toBe(200)
    const answer = ChatAnswerSchema.parse(answered.body)
    expect(answer.ai_message.sources[0]).toMatchObject({ number: 1, title: 'Returns policy', source_type: 'text' })
    expect(answer.ai_message.usage).toMatchObject({ prompt_tokens: expect.any(Number) })

    expect(ConversationViewSchema.parse((await asOwner(`/${conversation.id}/`)).body).id).toBe(conversation.id)
    const list = ConversationListSchema.parse((await asOwner(`/${agentId}/`)).body)
    expect(list.data.map((item) => item.id)).toContain(conversation.id)
    ConversationListSchema.parse((await asOwner('/index/')).body)
    const messages = MessageListSchema.parse((await asOwner(`/${agentId}/${conversation.id}/messages/`)).body)
    expect(messages.data.map((message) => message.sender_type)).toEqual(['ai', 'user', 'ai'])

    const updated = await testApp.request
      .post(`/api/conversations/${agentId}/${conversation.id}/update/`)
      .set(bearer(owner.access))
      .send({ is_favorite: true })
    expect(ConversationViewSchema.parse(updated.body.conversation).is_favorite).toBe(true)
    const edited = await testApp.request
      .post(`/api/conversations/${agentId}/${conversation.id}/${answer.user_message.message_id}/update/`)
      .set(bearer(owner.access))
      .send({ message_text: 'And exchanges?' })
    expect(MessageViewSchema.parse(edited.body.data).edited_at).not.toBeNull()
  })

  it('a widget visitor gets exactly the visitor view, and the team the full one', async () => {
    const { client_key } = await newIntegration(testbed)
    const { auth, conversationId } = await visitor(testApp, client_key)
    const answered = await chat(testApp, auth, conversationId)
    expect(answered.status).toBe(200)
    expect(VisitorMessageViewSchema.parse(answered.body.ai_message).sources).toHaveLength(1)
    VisitorMessageViewSchema.parse(answered.body.user_message)
    const reloaded = await testApp.request.get(`/api/conversations/api/chat/${conversationId}/`).set(auth)
    for (const message of reloaded.body.data) VisitorMessageViewSchema.parse(message)
    MessageListSchema.parse((await asOwner(`/${agentId}/${conversationId}/messages/`)).body)
    const activity = ConversationActivitySchema.parse(
      (await asOwner(`/${agentId}/${conversationId}/check-active/`)).body,
    )
    expect(activity.is_active).toBe(true)
    const teamCall = (action: 'takeover' | 'release') =>
      testApp.request.post(`/api/conversations/${agentId}/${conversationId}/${action}/`).set(bearer(owner.access))
    const joined = HandoffAnswerSchema.parse((await teamCall('takeover')).body)
    expect([joined.conversation.person?.name, joined.notice?.sender_type]).toEqual([expect.any(String), 'notice'])
    expect(HandoffAnswerSchema.parse((await teamCall('release')).body).conversation.person).toBeNull()
  })

  it('refuses a shape with a field the server does not send, so the check can fail', async () => {
    const conversations = ConversationListSchema.parse((await asOwner('/index/')).body)
    const sample = conversations.data[0]
    expect(ConversationViewSchema.safeParse({ ...sample, surprise: 1 }).success).toBe(false)
    expect(ConversationViewSchema.safeParse({ ...sample, channel: 'fax' }).success).toBe(false)
  })
})
