import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EngagementSchema, RecentChatsSchema } from '../../../server/stats/stats.schemas.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'

let testApp: TestApp
let owner: SignedUp
let member: SignedUp
let outsider: SignedUp
const DAY = 86_400_000
const now = Date.now()
const daysAgo = (days: number) => new Date(now - days * DAY)

// Two days ago at 23:30 UTC: the next weekday in Tokyo (UTC+9).
const lateEvening = new Date(
  Date.UTC(daysAgo(2).getUTCFullYear(), daysAgo(2).getUTCMonth(), daysAgo(2).getUTCDate(), 23, 30),
)
const weekdayIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(date)

beforeAll(async () => {
  testApp = await createTestApp()
  owner = await signUp(testApp)
  member = await signUp(testApp, { email: 'member@example.com' })
  outsider = await signUp(testApp, { email: 'outsider@example.com' })
  const { prisma } = testApp.database
  const accountId = owner.userId
  const shared = await prisma.agent.create({ data: { accountId, name: 'Shared' } })
  const privateAgent = await prisma.agent.create({ data: { accountId, name: 'Private' } })
  const team = await prisma.team.create({ data: { accountId, name: 'Support' } })
  await prisma.teamMember.create({
    data: {
      accountId,
      teamId: team.id,
      userId: member.userId,
      name: 'M',
      email: 'member@example.com',
      role: 'member',
      status: 'active',
    },
  })
  await prisma.teamAgent.create({ data: { accountId, teamId: team.id, agentId: shared.id } })
  const conversation = async (
    agentId: string,
    name: string,
    createdAt: Date,
    lastMessageAt: Date,
    extra: object = {},
  ) =>
    prisma.conversation.create({
      data: { accountId, agentId, name, createdAt, lastMessageAt, lastMessagePreview: `Last of ${name}`, ...extra },
    })
  // Last 30 days: 3 conversations; the 30 before: 2.
  const recent = await conversation(shared.id, 'Recent', lateEvening, new Date(now - 60_000), { unreadCount: 2 })
  await conversation(shared.id, 'Ten days', daysAgo(10), daysAgo(10))
  await conversation(privateAgent.id, 'Private chat', daysAgo(5), daysAgo(5))
  await conversation(shared.id, 'Old one', daysAgo(40), daysAgo(40))
  await conversation(shared.id, 'Old two', daysAgo(50), daysAgo(50))
  await conversation(shared.id, 'Deleted', daysAgo(1), daysAgo(1), { isDeleted: true })
  await conversation(shared.id, 'Closed', daysAgo(70), new Date(now - 120_000), { isActive: false })
  // Messages: 2 in the last 30 days (a question and its answer), 4 before.
  const question = await prisma.message.create({
    data: { accountId, conversationId: recent.id, senderType: 'user', text: 'Q', createdAt: lateEvening },
  })
  await prisma.message.create({
    data: {
      accountId,
      conversationId: recent.id,
      senderType: 'ai',
      text: 'A',
      createdAt: lateEvening,
      replyToId: question.id,
    },
  })
  for (const days of [35, 36, 37, 38])
    await prisma.message.create({
      data: { accountId, conversationId: recent.id, senderType: 'user', text: 'old', createdAt: daysAgo(days) },
    })
})
afterAll(async () => testApp.cleanup())

describe('GET /dashboard/api/stats/', () => {
  it('counts the owner’s agents, conversations, active ones and messages, with trends against the previous 30 days', async () => {
    const response = await testApp.request.get('/api/dashboard/api/stats/').set(bearer(owner.access))
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      totalAgents: 2,
      totalConversations: 6,
      activeConversations: 1,
      totalMessages: 6,
      trends: { conversations: { value: 50, isPositive: true }, messages: { value: -50, isPositive: false } },
      satisfaction: { rate: null, ratings: 0 },
    })
  })

  it('counts only what a team member reaches, and nothing for an outsider', async () => {
    const shared = await testApp.request.get('/api/dashboard/api/stats/').set(bearer(member.access))
    expect(shared.body).toMatchObject({ totalAgents: 1, totalConversations: 5 })
    const none = await testApp.request.get('/api/dashboard/api/stats/').set(bearer(outsider.access))
    expect(none.body).toEqual({
      totalAgents: 0,
      totalConversations: 0,
      activeConversations: 0,
      totalMessages: 0,
      trends: { conversations: { value: 0, isPositive: true }, messages: { value: 0, isPositive: true } },
      satisfaction: { rate: null, ratings: 0 },
    })
  })

  it('needs a signed-in user', async () => {
    expect((await testApp.request.get('/api/dashboard/api/stats/')).status).toBe(401)
  })
})

describe('GET /dashboard/api/engagement/', () => {
  it('counts conversations and answers by weekday in the asked time zone, Monday first', async () => {
    const utc = await testApp.request
      .get('/api/dashboard/api/engagement/')
      .query({ range: '7d' })
      .set(bearer(owner.access))
    EngagementSchema.parse(utc.body)
    expect(utc.body.map((point: { name: string }) => point.name)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ])
    const on = (points: { name: string; conversations: number; responses: number }[], day: string) =>
      points.find((point) => point.name === day)
    expect(on(utc.body, weekdayIn(lateEvening, 'UTC'))).toMatchObject({ conversations: 1, responses: 1 })
    const tokyo = await testApp.request
      .get('/api/dashboard/api/engagement/')
      .query({ range: 'week', tz: 'Asia/Tokyo' })
      .set(bearer(owner.access))
    expect(on(tokyo.body, weekdayIn(lateEvening, 'Asia/Tokyo'))).toMatchObject({ conversations: 1, responses: 1 })
    const total = (points: { conversations: number }[]) => points.reduce((sum, point) => sum + point.conversations, 0)
    expect(total(utc.body)).toBe(2) // Recent and Private chat; Ten days is older than a week
    const month = await testApp.request
      .get('/api/dashboard/api/engagement/')
      .query({ range: '30d' })
      .set(bearer(owner.access))
    expect(total(month.body)).toBe(3)
  })

  it('refuses an unknown range or time zone with a 400', async () => {
    const range = await testApp.request
      .get('/api/dashboard/api/engagement/')
      .query({ range: 'forever' })
      .set(bearer(owner.access))
    expect(range.status).toBe(400)
    expect(range.body.message).toMatch(/^range must be 7d, 30d, 90d or 365d/)
    const tz = await testApp.request
      .get('/api/dashboard/api/engagement/')
      .query({ tz: 'Mars/Olympus' })
      .set(bearer(owner.access))
    expect(tz.body.message).toBe('tz must be an IANA time zone such as Europe/Paris')
    // A name Intl still knows but the database no longer does.
    const retired = await testApp.request
      .get('/api/dashboard/api/engagement/')
      .query({ tz: 'US/Pacific-New' })
      .set(bearer(owner.access))
    expect(retired.status).toBe(400)
  })
})

describe('GET /dashboard/api/recent-chats/', () => {
  it('lists the latest conversations with the SPEC’s fields, most recent first', async () => {
    const response = await testApp.request
      .get('/api/dashboard/api/recent-chats/')
      .query({ count: 2 })
      .set(bearer(owner.access))
    expect(response.body).toHaveLength(2)
    expect(response.body[0]).toMatchObject({
      name: 'Recent',
      lastMessage: 'Last of Recent',
      unread: 2,
      status: 'active',
    })
    // Exactly the contract the dashboard imports (stats.schemas.ts): no field missing, none unknown.
    RecentChatsSchema.parse(response.body)
    expect(response.body[1].name).toBe('Closed')
  })

  it('refuses a count outside 1 to 50', async () => {
    const response = await testApp.request
      .get('/api/dashboard/api/recent-chats/')
      .query({ count: 500 })
      .set(bearer(owner.access))
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('count must be between 1 and 50')
  })
})
