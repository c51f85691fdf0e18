// Issue 37 item 15: a visitor whose agent owner's plan has run out (its messages used up, or its
// subscription ended) is told the assistant is paused, and can still reach a person: a person's chat is not
// metered. The agent never answers meanwhile: no model call, no tokens.
import { describe, expect, it } from 'vitest'
import type { SignedUp } from '../../support/accounts.ts'
import {
  as,
  clock,
  DAY,
  llm,
  ownerWithConversation,
  testApp,
  usePlanLimitsTestbed,
} from '../../support/plan-limits-testbed.ts'
import { chat, newIntegration, SITE, start } from '../../support/widget-visitors.ts'

usePlanLimitsTestbed()

const PAUSED = 'This assistant is paused right now. You can still ask to talk to a person.'

async function visitorOf(clientKey: string) {
  const session = await start(testApp, clientKey)
  const auth = { Authorization: `Bearer ${session.body.token}`, Origin: SITE }
  const created = await testApp.request.post('/api/conversations/api/create/').set(auth).send({})
  return { auth, created }
}

const integrationOf = async (
  owner: SignedUp,
  agentId: string,
  fields: Record<string, unknown> = { human_handoff: true },
) => (await newIntegration({ testApp, owner, agentId }, fields)).client_key

const team = (owner: SignedUp, agentId: string, conversationId: string, action: string, body: object = {}) =>
  testApp.request.post(`/api/conversations/${agentId}/${conversationId}/${action}/`).set(as(owner)).send(body)

/** The account's counters of the period: messages, tokens, conversations. */
async function usageOf(owner: SignedUp) {
  const counters = await testApp.database.prisma.usageCounter.findMany({
    where: { accountId: owner.userId, scope: '' },
  })
  return Object.fromEntries(counters.map((counter) => [counter.metric, Number(counter.value)]))
}

describe('a visitor whose owner’s plan has run out', () => {
  it('is told the assistant is paused, asks for a person, and chats with the one who joins, unmetered', async () => {
    const { owner, agentId } = await ownerWithConversation({ messages: 1 })
    const { auth, created } = await visitorOf(await integrationOf(owner, agentId))
    expect(created.status).toBe(201)
    const conversationId = created.body.conversation_id as string
    expect((await chat(testApp, auth, conversationId)).status).toBe(200) // the plan's one message
    const calls = llm.requests.length
    const used = await usageOf(owner)

    const paused = await chat(testApp, auth, conversationId, 'And exchanges?')
    expect(paused.status).toBe(503)
    expect(paused.body).toMatchObject({ reason: 'assistant_paused', message: PAUSED })
    expect(JSON.stringify(paused.body)).not.toMatch(/plan|limit|Tiny/i)

    const asked = await chat(testApp, auth, conversationId, 'Can I talk to a person?')
    expect(asked.status).toBe(200)
    expect(asked.body.ai_message).toMatchObject({
      sender_type: 'notice',
      message_text: expect.stringMatching(/^A person was asked for/),
    })
    // Waiting for the person: the visitor's words are kept for them, and the agent stays silent.
    const waiting = await chat(testApp, auth, conversationId, 'It is about order 1042.')
    expect(waiting.status).toBe(200)
    expect(waiting.body.ai_message).toBeNull()

    expect((await team(owner, agentId, conversationId, 'takeover')).status).toBe(200)
    expect((await team(owner, agentId, conversationId, 'reply', { message_text: 'Hello, I can help.' })).status).toBe(
      201,
    )
    const toPerson = await chat(testApp, auth, conversationId, 'Thank you!')
    expect(toPerson.status).toBe(200)
    expect(toPerson.body.ai_message).toBeNull()
    const thread = await testApp.request.get(`/api/conversations/${agentId}/${conversationId}/messages/`).set(as(owner))
    expect(thread.body.data.map((message: { message_text: string }) => message.message_text).slice(-4)).toEqual([
      'It is about order 1042.',
      expect.stringMatching(/joined the chat$/),
      'Hello, I can help.',
      'Thank you!',
    ])

    // Handed back to the agent: paused again.
    expect((await team(owner, agentId, conversationId, 'release')).status).toBe(200)
    const again = await chat(testApp, auth, conversationId, 'One more question?')
    expect(again.status).toBe(503)
    expect(again.body.message).toBe(PAUSED)

    expect(llm.requests.length).toBe(calls)
    expect(await usageOf(owner)).toEqual(used)
  })

  it('opens a chat when the subscription has ended and no conversation is left, and a person can join it', async () => {
    const { owner, agentId } = await ownerWithConversation({ conversations: 1 })
    const used = await usageOf(owner)
    const [withPerson, withoutPerson] = [await integrationOf(owner, agentId), await integrationOf(owner, agentId, {})]
    // Without a person to ask for, the chat cannot open at all.
    const closed = await visitorOf(withoutPerson)
    expect(closed.created.status).toBe(503)
    expect(closed.created.body.message).toBe("This assistant can't answer right now. Please try again later.")

    clock.now = new Date(Date.now() + 100 * DAY) // the plan's 90 days are over
    const { auth, created } = await visitorOf(withPerson)
    expect(created.status).toBe(201)
    const conversationId = created.body.conversation_id as string
    const calls = llm.requests.length
    const paused = await chat(testApp, auth, conversationId, 'Is anyone there?')
    expect(paused.status).toBe(503)
    expect(paused.body.message).toBe(PAUSED)

    const asked = await testApp.request.post(`/api/conversations/api/chat/${conversationId}/person/`).set(auth).send({})
    expect(asked.status).toBe(200)
    expect(asked.body.notice).toMatchObject({ sender_type: 'notice' })
    expect((await team(owner, agentId, conversationId, 'takeover')).status).toBe(200)
    expect((await team(owner, agentId, conversationId, 'reply', { message_text: 'Hi, how can I help?' })).status).toBe(
      201,
    )
    const toPerson = await chat(testApp, auth, conversationId, 'My parcel is late.')
    expect(toPerson.status).toBe(200)
    expect(toPerson.body.user_message).toMatchObject({ message_text: 'My parcel is late.' })
    const history = await testApp.request.get(`/api/conversations/api/chat/${conversationId}/`).set(auth)
    expect(history.body.data.at(-2)).toMatchObject({ sender_type: 'person', message_text: 'Hi, how can I help?' })

    expect(llm.requests.length).toBe(calls)
    expect(await usageOf(owner)).toEqual(used)
  })

  it('keeps the agent paused in a chat opened past the conversation limit, and counts the chat once the plan has room', async () => {
    const { owner, agentId, plan } = await ownerWithConversation({ conversations: 1 })
    const { auth, created } = await visitorOf(await integrationOf(owner, agentId))
    expect(created.status).toBe(201) // uncounted: the plan's one conversation is used
    const conversationId = created.body.conversation_id as string
    const calls = llm.requests.length
    const used = await usageOf(owner)

    // Messages are left, but the chat was never counted: the agent does not answer in it.
    const paused = await chat(testApp, auth, conversationId, 'What is your return policy?')
    expect(paused.status).toBe(503)
    expect(paused.body).toMatchObject({ reason: 'assistant_paused', message: PAUSED })
    expect(llm.requests.length).toBe(calls)
    expect(await usageOf(owner)).toEqual(used)

    // The plan gets room: the next question counts the chat, once, and is answered.
    await testApp.database.prisma.plan.update({
      where: { id: Number(plan.replace('Tiny ', '')) },
      data: { conversationLimit: 5 },
    })
    expect((await chat(testApp, auth, conversationId, 'What is your return policy?')).status).toBe(200)
    expect((await chat(testApp, auth, conversationId, 'And exchanges?')).status).toBe(200)
    expect((await usageOf(owner)).conversations).toBe((used.conversations ?? 0) + 1)
  })
})
