import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUp } from '../../support/accounts.ts'
import type { ChatTestbed } from '../../support/chat-testbed.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { readBodyAsText } from '../../support/read-body-as-text.ts'
import { chat, newIntegration, SITE, start, startWidgetTestbed, visitor } from '../../support/widget-visitors.ts'

// A visitor chatting through the widget: answers, streaming, the e-mail gate, and the limits.
let testApp: TestApp
let llm: ChatTestbed['llm']
let owner: SignedUp
let agentId: string
let testbed: ChatTestbed

beforeAll(async () => {
  testbed = await startWidgetTestbed()
  ;({ testApp, llm, owner, agentId } = testbed)
})
afterAll(async () => testbed.close())

describe('chatting', () => {
  it('answers a visitor with citations, hiding the team’s bookkeeping, and the conversation reloads', async () => {
    const { client_key } = await newIntegration(testbed)
    const { auth, conversationId } = await visitor(testApp, client_key)
    const response = await chat(testApp, auth, conversationId)
    expect(response.status).toBe(200)
    expect(response.body.ai_message.message_text).toContain('[1]')
    expect(response.body.ai_message.sources[0].title).toBe('Returns policy')
    expect(response.body.ai_message.usage).toBeUndefined()
    const reloaded = await testApp.request.get(`/api/conversations/api/chat/${conversationId}/`).set(auth)
    expect(reloaded.body.data.map((message: { sender_type: string }) => message.sender_type)).toEqual([
      'ai',
      'user',
      'ai',
    ])
    // The team sees it as an unread widget conversation.
    const list = await testApp.request.get(`/api/conversations/${agentId}/`).set(bearer(owner.access))
    expect(list.body.data.find((conversation: { id: string }) => conversation.id === conversationId)).toMatchObject({
      channel: 'widget',
      unread: 2,
    })
  })

  it('streams over Server-Sent Events', async () => {
    const { client_key } = await newIntegration(testbed)
    const { auth, conversationId } = await visitor(testApp, client_key)
    const response = await testApp.request
      .post(`/api/conversations/api/chat/${conversationId}/?stream=true`)
      .set(auth)
      .send({ message_text: 'Returns?' })
      .buffer(true)
      .parse(readBodyAsText)
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(response.body as string).toMatch(/^event: user_message\n/)
    expect(response.body as string).toContain('event: token')
    expect(response.body as string).toMatch(/event: done\ndata: .*"sources"/)
  })

  it('asks for the e-mail first when the integration collects it', async () => {
    const { client_key } = await newIntegration(testbed, { collect_user_email: true })
    const session = await start(testApp, client_key)
    const auth = { Authorization: `Bearer ${session.body.token}`, Origin: SITE }
    expect((await testApp.request.post('/api/conversations/api/create/').set(auth).send({})).body.message).toBe(
      'Please enter your e-mail address to start chatting.',
    )
    const created = await testApp.request
      .post('/api/conversations/api/create/')
      .set(auth)
      .send({ visitor_email: 'Ann@Example.com' })
    expect(created.status).toBe(201)
    expect(created.body.ai_message.usage).toBeUndefined()
    const conversation = await testApp.request
      .get(`/api/conversations/${created.body.conversation_id}/`)
      .set(bearer(owner.access))
    expect(conversation.body.name).toBe('ann@example.com')
  })
})

describe('limits', () => {
  it('limits messages (and new conversations) per visitor, then per integration, with Retry-After', async () => {
    const { client_key } = await newIntegration(testbed)
    // 3 a minute per visitor: starting the conversation was one.
    const first = await visitor(testApp, client_key)
    for (let index = 0; index < 2; index += 1)
      expect((await chat(testApp, first.auth, first.conversationId, `q${index}`)).status).toBe(200)
    const tooMany = await chat(testApp, first.auth, first.conversationId, 'one more')
    expect(tooMany.status).toBe(429)
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0)
    // 5 a minute per integration: the first visitor used 3, the second's conversation is the 4th.
    const second = await visitor(testApp, client_key)
    expect((await chat(testApp, second.auth, second.conversationId, 'a')).status).toBe(200)
    const integrationFull = await chat(testApp, second.auth, second.conversationId, 'b')
    expect(integrationFull.status).toBe(429)
    expect(integrationFull.body.message).toMatch(/^Too many messages on this website/)
  })

  it('stops answering when the integration’s daily token budget is spent', async () => {
    const { client_key } = await newIntegration(testbed, { daily_token_budget: 1 })
    const { auth, conversationId } = await visitor(testApp, client_key)
    expect((await chat(testApp, auth, conversationId, 'first')).status).toBe(200)
    const before = llm.requests.length
    const spent = await chat(testApp, auth, conversationId, 'second')
    expect(spent.status).toBe(429)
    expect(spent.body.message).toBe('This chat has reached its limit for today. Please try again tomorrow.')
    expect(llm.requests.length).toBe(before)
  })

  it('refuses bodies over 32 KB', async () => {
    const { client_key } = await newIntegration(testbed)
    const { auth, conversationId } = await visitor(testApp, client_key)
    expect((await chat(testApp, auth, conversationId, 'x'.repeat(40_000))).status).toBe(413)
  })
})
