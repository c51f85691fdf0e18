// @database-specific: NOTIFY/LISTEN signals
// Issue 21, live takeover: a team member who may chat with the agent joins a visitor's chat, the agent
// falls silent there, the visitor reads the person's words live in the open widget (and the person the
// visitor's), and the chat is handed back; a visitor asks for a person (the widget's action or their own
// words), the team hears of it (the bell, an e-mail), and can leave an e-mail when nobody joins.
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConversationViewSchema, MessageListSchema } from '../../../server/conversations/conversations.schemas.ts'
import { LiveStateViewSchema } from '../../../server/conversations/handoff/handoff.schemas.ts'
import { VisitorMessageViewSchema } from '../../../server/widgets/public/widget-chat.schemas.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { openEventStreamClient, type EventStreamClient } from '../../support/event-stream-client.ts'
import {
  SECRET_KEY,
  SITE,
  chat,
  newIntegration,
  visitor,
  type WidgetVisitor,
  UNLIMITED_VISITORS,
} from '../../support/widget-visitors.ts'

let bed: ChatTestbed
let server: Server
let baseUrl: string
let clientKey: string
const team: Record<'member' | 'other' | 'viewer' | 'outsider', SignedUp> = {} as never
const streams: EventStreamClient[] = []

beforeAll(async () => {
  bed = await startChatTestbed({
    SECRET_KEY,
    PUBLIC_URL: 'https://chat.example.com',
    ...UNLIMITED_VISITORS,
    CHAT_RATE_LIMIT_PER_MINUTE: '1000',
  })
  clientKey = (await newIntegration(bed, { human_handoff: true, handoff_wait_minutes: 2 })).client_key
  const { prisma } = bed.testApp.database
  const teamId = (await prisma.team.create({ data: { accountId: bed.owner.userId, name: 'Support' } })).id
  await prisma.teamAgent.create({ data: { teamId, agentId: bed.agentId, accountId: bed.owner.userId } })
  for (const [key, fullName, role] of [
    ['member', 'Ann Lee', 'member'],
    ['other', 'Bob Stone', 'admin'],
    ['viewer', 'Vic Viewer', 'viewer'],
  ] as const) {
    const user = await signUp(bed.testApp, { full_name: fullName })
    team[key] = user
    await prisma.teamMember.create({
      data: {
        accountId: bed.owner.userId,
        teamId,
        userId: user.userId,
        name: fullName,
        email: user.email,
        role,
        status: 'active',
      },
    })
  }
  team.outsider = await signUp(bed.testApp)
  server = bed.testApp.app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const stream of streams) stream.close()
  server.close()
  await bed.close()
})

const as = (user: SignedUp) => bearer(user.access)
const conversationPath = (visit: WidgetVisitor, action: string) =>
  `/api/conversations/${bed.agentId}/${visit.conversationId}/${action}/`

async function visitorStream(visit: WidgetVisitor, after?: string) {
  const query = after ? `?after=${after}` : ''
  const stream = await openEventStreamClient(
    `${baseUrl}/api/conversations/api/chat/${visit.conversationId}/live/${query}`,
    visit.auth,
  )
  streams.push(stream)
  return stream
}

async function teamStream(user: SignedUp, visit: WidgetVisitor) {
  const stream = await openEventStreamClient(`${baseUrl}${conversationPath(visit, 'live')}`, as(user))
  streams.push(stream)
  return stream
}

async function greetingOf(visit: WidgetVisitor) {
  const history = await bed.testApp.request.get(`/api/conversations/api/chat/${visit.conversationId}/`).set(visit.auth)
  return history.body as { data: { message_id: string }[]; state: unknown }
}

describe('live takeover', () => {
  it('lets a member join, silences the agent, carries each side’s words live, and hands back', async () => {
    const visit = await visitor(bed.testApp, clientKey)
    const greeting = (await greetingOf(visit)).data[0]!.message_id
    const widget = await visitorStream(visit, greeting)
    expect(widget.status).toBe(200)
    expect(LiveStateViewSchema.parse(await widget.next('state'))).toMatchObject({ person_name: null })
    const inbox = await teamStream(team.member, visit)
    await inbox.next('changed')

    const joined = await bed.testApp.request.post(conversationPath(visit, 'takeover')).set(as(team.member))
    expect(joined.status).toBe(200)
    expect(ConversationViewSchema.parse(joined.body.conversation).person).toEqual({
      user_id: team.member.userId,
      name: 'Ann',
    })
    expect(VisitorMessageViewSchema.parse(await widget.next('message'))).toMatchObject({
      sender_type: 'notice',
      message_text: 'Ann joined the chat',
    })
    expect(await widget.next('state')).toMatchObject({ person_name: 'Ann', person_requested_at: null })

    // The visitor writes: kept for Ann, no answer from the agent, and Ann's view hears of it.
    const llmCalls = bed.llm.requests.length
    await inbox.next('changed')
    const sent = await chat(bed.testApp, visit.auth, visit.conversationId, 'Is the blue one in stock?')
    expect(sent.status).toBe(200)
    expect(sent.body.ai_message).toBeNull()
    expect(sent.body.user_message.message_text).toBe('Is the blue one in stock?')
    expect(bed.llm.requests.length).toBe(llmCalls)
    await inbox.next('changed')
    const messages = MessageListSchema.parse(
      (await bed.testApp.request.get(conversationPath(visit, 'messages')).set(as(team.member))).body,
    )
    expect(messages.data.map((message) => message.sender_type)).toEqual(['ai', 'notice', 'user'])

    // Ann answers: it reaches the open widget under her name.
    const reply = await bed.testApp.request
      .post(conversationPath(visit, 'reply'))
      .set(as(team.member))
      .send({ message_text: 'Yes, two are left.' })
    expect(reply.status).toBe(201)
    expect(reply.body.data).toMatchObject({ sender_type: 'person', sender_name: 'Ann' })
    expect(await widget.next('message')).toMatchObject({
      sender_type: 'person',
      sender_name: 'Ann',
      message_text: 'Yes, two are left.',
    })

    // Nobody else steps in while Ann is there, nor writes in her place.
    const other = await bed.testApp.request.post(conversationPath(visit, 'takeover')).set(as(team.other))
    expect(other.status).toBe(409)
    expect(other.body.message).toBe('Ann is already in this chat.')
    const otherReply = await bed.testApp.request
      .post(conversationPath(visit, 'reply'))
      .set(as(team.other))
      .send({ message_text: 'Me too' })
    expect(otherReply.status).toBe(409)
    expect(otherReply.body.message).toBe('Join the chat to write to the visitor.')
    expect((await bed.testApp.request.post(conversationPath(visit, 'takeover')).set(as(team.member))).status).toBe(200)

    // Handed back: the agent answers again, reading Ann's words as its own side of the conversation.
    const released = await bed.testApp.request.post(conversationPath(visit, 'release')).set(as(team.other))
    expect(released.status).toBe(200)
    expect(released.body.conversation.person).toBeNull()
    expect(await widget.next('message')).toMatchObject({ sender_type: 'notice', message_text: 'Ann left the chat' })
    expect(await widget.next('state')).toMatchObject({ person_name: null })
    const answered = await chat(bed.testApp, visit.auth, visit.conversationId, 'How long do I have to return it?')
    expect(answered.status).toBe(200)
    expect(answered.body.ai_message.sender_type).toBe('ai')
    const prompt = bed.llm.requests.at(-1)!.messages
    expect(prompt).toContainEqual({ role: 'assistant', content: 'Yes, two are left.' })
    expect(JSON.stringify(prompt)).not.toContain('joined the chat')
    const again = await bed.testApp.request.post(conversationPath(visit, 'release')).set(as(team.member))
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Nobody from the team is in this chat.')
  })

  it('refuses viewers, strangers, the dashboard’s own chats and messages that break the rules', async () => {
    const visit = await visitor(bed.testApp, clientKey)
    expect((await bed.testApp.request.post(conversationPath(visit, 'takeover')).set(as(team.viewer))).status).toBe(403)
    expect((await bed.testApp.request.post(conversationPath(visit, 'takeover')).set(as(team.outsider))).status).toBe(
      404,
    )
    const outsiderStream = await openEventStreamClient(
      `${baseUrl}${conversationPath(visit, 'live')}`,
      as(team.outsider),
    )
    expect(outsiderStream.status).toBe(404)
    outsiderStream.close()
    const strangerStream = await openEventStreamClient(
      `${baseUrl}/api/conversations/api/chat/${visit.conversationId}/live/`,
      { Origin: SITE },
    )
    expect(strangerStream.status).toBe(401)
    strangerStream.close()

    const own = await bed.testApp.request
      .post('/api/conversations/create/')
      .set(as(bed.owner))
      .send({ name: 'Mine', agent_id: bed.agentId })
    const ownTakeover = await bed.testApp.request
      .post(`/api/conversations/${bed.agentId}/${own.body.conversation_id}/takeover/`)
      .set(as(bed.owner))
    expect(ownTakeover.status).toBe(409)
    expect(ownTakeover.body.message).toBe('Only a chat with a website visitor or a store customer can be joined.')

    await bed.testApp.request.post(conversationPath(visit, 'takeover')).set(as(team.member))
    for (const body of [{}, { message_text: '   ' }, { message_text: 'x'.repeat(10_001) }, { message_text: 42 }]) {
      const response = await bed.testApp.request.post(conversationPath(visit, 'reply')).set(as(team.member)).send(body)
      expect(response.status, JSON.stringify(body)).toBe(400)
    }
  })

  it('marks a chat waiting when the visitor asks for a person, tells the team once, and takes an e-mail', async () => {
    const visit = await visitor(bed.testApp, clientKey)
    const asked = await bed.testApp.request
      .post(`/api/conversations/api/chat/${visit.conversationId}/person/`)
      .set(visit.auth)
    expect(asked.status).toBe(200)
    expect(asked.body.notice).toMatchObject({ sender_type: 'notice' })
    const state = LiveStateViewSchema.parse(asked.body.state)
    expect(state.person_name).toBeNull()
    expect(state.wait_seconds_left).toBeGreaterThan(100)
    expect(state.wait_seconds_left).toBeLessThanOrEqual(120)
    expect(state.reply_time).toBe('within one business day')
    const twice = await bed.testApp.request
      .post(`/api/conversations/api/chat/${visit.conversationId}/person/`)
      .set(visit.auth)
    expect(twice.body.notice).toBeNull()

    const bell = await bed.testApp.request.get('/api/notifications/').set(as(team.member))
    expect(bell.body.notifications[0]).toMatchObject({
      title: 'A visitor asks for a person',
      action_url: `/app/conversations?conversation=${visit.conversationId}`,
    })
    const outsiderBell = await bed.testApp.request.get('/api/notifications/').set(as(team.outsider))
    expect(JSON.stringify(outsiderBell.body)).not.toContain(visit.conversationId)
    // The testbed's worker sends (and then strips) queued e-mails: what is kept is who and what subject.
    const alertsTo = async (email: string) =>
      (await bed.testApp.database.prisma.job.findMany({ where: { kind: 'send-email' } }))
        .map((job) => job.payload as { to?: string; subject?: string })
        .filter((mail) => mail.to === email && mail.subject?.startsWith('A visitor asks for a person'))
    for (const user of [bed.owner, team.member, team.other])
      expect(await alertsTo(user.email), user.email).toHaveLength(1)
    expect(await alertsTo(team.viewer.email)).toHaveLength(0)

    const history = await greetingOf(visit)
    expect(history.state).toMatchObject({ person_name: null, reply_time: 'within one business day' })

    const left = await bed.testApp.request
      .post(`/api/conversations/api/chat/${visit.conversationId}/contact/`)
      .set(visit.auth)
      .send({ visitor_email: 'Wait@Example.com', page_url: 'https://shop.example.com/cart?x=1' })
    expect(left.status).toBe(201)
    const lead = await bed.testApp.database.prisma.lead.findUniqueOrThrow({
      where: { conversationId: visit.conversationId },
    })
    expect(lead).toMatchObject({ email: 'wait@example.com', pageUrl: 'https://shop.example.com/cart' })
    const bad = await bed.testApp.request
      .post(`/api/conversations/api/chat/${visit.conversationId}/contact/`)
      .set(visit.auth)
      .send({ visitor_email: 'not an address' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Please enter a valid email address')

    // Joining answers the request: the bell's line goes.
    await bed.testApp.request.post(conversationPath(visit, 'takeover')).set(as(team.member))
    const after = await bed.testApp.request.get('/api/notifications/').set(as(team.member))
    expect(JSON.stringify(after.body)).not.toContain(`conversation:person:${visit.conversationId}`)
  })

  it('hears a visitor who writes that they want a person, where the integration offers one', async () => {
    const visit = await visitor(bed.testApp, clientKey)
    const calls = bed.llm.requests.length
    const sent = await chat(bed.testApp, visit.auth, visit.conversationId, 'Can I talk to a human please?')
    expect(sent.status).toBe(200)
    expect(sent.body.ai_message).toMatchObject({ sender_type: 'notice' })
    expect(bed.llm.requests.length).toBe(calls)
    const conversation = await bed.testApp.database.prisma.conversation.findUniqueOrThrow({
      where: { id: visit.conversationId },
    })
    expect(conversation.personRequestedAt).not.toBeNull()
    // Waiting for a person, the agent still answers what it can.
    const answered = await chat(bed.testApp, visit.auth, visit.conversationId, 'How long do I have to return it?')
    expect(answered.body.ai_message.sender_type).toBe('ai')

    const plain = (await newIntegration(bed, { website_name: 'No people' })).client_key
    const elsewhere = await visitor(bed.testApp, plain)
    const bot = await chat(bed.testApp, elsewhere.auth, elsewhere.conversationId, 'Can I talk to a human please?')
    expect(bot.body.ai_message.sender_type).toBe('ai')
    const refused = await bed.testApp.request
      .post(`/api/conversations/api/chat/${elsewhere.conversationId}/person/`)
      .set(elsewhere.auth)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('Talking to a person is not available in this chat.')
  })
})
