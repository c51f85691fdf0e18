// Issue 16: each limit of a plan reached exactly (n allowed, n + 1 refused with 402), trials ending and
// periods rolling over on a clock the test moves, and a refused message never reaching the model.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setPlan } from '../../../server/billing/set-plan.ts'
import { answerTokenBound } from '../../../server/conversations/admit-message.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { FULL_ANSWER_TOKENS, startFakeLlm } from '../../support/fake-llm.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { chat, newIntegration, SECRET_KEY, SITE, start } from '../../support/widget-visitors.ts'

const DAY = 86_400_000
const clock = { now: new Date() }
let llm: Awaited<ReturnType<typeof startFakeLlm>>
let testApp: TestApp
beforeAll(async () => {
  llm = await startFakeLlm()
  testApp = await createTestApp(
    {
      ...llm.config,
      SECRET_KEY,
      BILLING_MODE: 'enforced',
      WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE: '100',
      WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE: '100',
    },
    { clock: () => clock.now },
  )
})
afterAll(async () => {
  await testApp.cleanup()
  await llm.close()
})
beforeEach(() => {
  clock.now = new Date()
})

type Limits = {
  conversations?: number
  messages?: number
  tokens?: number
  widgets?: number
  team_members?: number
  agents?: number
}
let nextPlanId = 100

/** A plan with the given limits (generous otherwise), granted to the account for 90 days from the clock's now. */
async function onPlan(account: SignedUp, limits: Limits) {
  const id = nextPlanId++
  await testApp.database.prisma.plan.create({
    data: {
      id,
      name: `Tiny ${id}`,
      conversationLimit: limits.conversations ?? 1000,
      messageLimit: limits.messages ?? 1000,
      tokenLimit: BigInt(limits.tokens ?? 10_000_000),
      widgetLimit: limits.widgets ?? 100,
      teamMemberLimit: limits.team_members ?? 100,
      agentLimit: limits.agents ?? 100,
    },
  })
  await setPlan(testApp.database, {
    email: account.email,
    plan: String(id),
    from: clock.now,
    until: new Date(clock.now.getTime() + 90 * DAY),
  })
  return `Tiny ${id}`
}

const as = (account: SignedUp) => bearer(account.access)
const newConversation = async (account: SignedUp, agentId: string) =>
  testApp.request.post('/api/conversations/create/').set(as(account)).send({ name: 'Chat', agent_id: agentId })
const send = (
  account: SignedUp,
  agentId: string,
  conversationId: string,
  text = 'How long do I have to return a product?',
) =>
  testApp.request
    .post(`/api/conversations/chat/${agentId}/${conversationId}/`)
    .set(as(account))
    .send({ message_text: text })

/** An owner with an agent and a conversation with it. */
async function ownerWithConversation(limits: Limits = {}) {
  const owner = await signUp(testApp)
  const agentId = await createAgentFor(testApp, owner, 'Helper')
  const plan = await onPlan(owner, limits)
  const conversation = await newConversation(owner, agentId)
  expect(conversation.status).toBe(201)
  return { owner, agentId, plan, conversationId: conversation.body.conversation_id as string }
}

describe('what exists: agents, widgets, team members', () => {
  it('allows the plan’s agents and refuses the next with 402 PLAN_LIMIT_REACHED, saying what to do', async () => {
    const owner = await signUp(testApp)
    const plan = await onPlan(owner, { agents: 2 })
    for (const name of ['One', 'Two'])
      expect((await testApp.request.post('/api/agents/create/').set(as(owner)).send({ name })).status).toBe(201)
    const refused = await testApp.request.post('/api/agents/create/').set(as(owner)).send({ name: 'Three' })
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      limit: 2,
      used: 2,
      metric: 'agents',
      plan_name: plan,
      upgrade_url: '/app/payment',
      message: 'Your plan allows 2 agents. Upgrade your plan to add more.',
    })
    expect(await testApp.database.prisma.agent.count({ where: { accountId: owner.userId } })).toBe(2)
    // Nothing is deleted on a downgrade: an agent made before stays usable, only new ones are refused.
    await onPlan(owner, { agents: 1 })
    const agents = (await testApp.request.get('/api/agents/').set(as(owner))).body.agents as { agent_id: string }[]
    expect(agents).toHaveLength(2)
    expect((await newConversation(owner, agents[0]!.agent_id)).status).toBe(201)
  })

  it('allows the plan’s widgets and refuses the next, storing no logo for it', async () => {
    const owner = await signUp(testApp)
    const agentId = await createAgentFor(testApp, owner)
    await onPlan(owner, { widgets: 1 })
    const base = `/api/agents/${agentId}/integrations/frontend/`
    expect(
      (
        await testApp.request
          .post(base)
          .set(as(owner))
          .send({ website_name: 'Shop', website_domain: 'shop.example.com' })
      ).status,
    ).toBe(201)
    const refused = await testApp.request
      .post(base)
      .set(as(owner))
      .field('website_name', 'Blog')
      .field('website_domain', 'blog.example.com')
      .attach('website_logo', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), 'logo.gif')
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      limit: 1,
      used: 1,
      metric: 'widgets',
      message: 'Your plan allows 1 widget. Upgrade your plan to add more.',
    })
    expect(await testApp.database.prisma.widgetIntegration.count({ where: { accountId: owner.userId } })).toBe(1)
    // Refused before its logo was stored: only the first widget has a folder, and it has no logo.
    const folders = await readdir(join(testApp.config.DATA_DIR, 'files', 'widgets')).catch(() => [])
    const ids = (await testApp.database.prisma.widgetIntegration.findMany({ select: { id: true } })).map(
      (row) => row.id,
    )
    expect(folders.filter((folder) => !ids.includes(folder))).toEqual([])
    // A widget switched off does not count; switching it back on needs room again.
    const first = (await testApp.request.get(base).set(as(owner))).body.integrations[0].integration_id as string
    expect((await testApp.request.put(`${base}${first}/`).set(as(owner)).send({ is_active: false })).status).toBe(200)
    expect(
      (
        await testApp.request
          .post(base)
          .set(as(owner))
          .send({ website_name: 'Blog', website_domain: 'blog.example.com' })
      ).status,
    ).toBe(201)
    const back = await testApp.request.put(`${base}${first}/`).set(as(owner)).send({ is_active: true })
    expect(back.status).toBe(402)
    expect(back.body).toMatchObject({ metric: 'widgets', used: 1 })
  })

  it('counts each person once over all the account’s teams, active or invited, and not once deactivated', async () => {
    const owner = await signUp(testApp)
    await onPlan(owner, { team_members: 2 })
    const team = async (team_name: string) =>
      (await testApp.request.post('/api/accounts/team/create/').set(as(owner)).send({ team_name })).body.team
        .team_id as string
    const [sales, support] = [await team('Sales'), await team('Support')]
    const add = (team_id: string, email: string) =>
      testApp.request
        .post('/api/accounts/team/add-member/')
        .set(as(owner))
        .send({ team_id, team_member_name: email.split('@')[0], team_member_email: email })
    expect((await add(sales, 'ann@example.com')).status).toBe(201)
    const bob = await add(sales, 'bob@example.com')
    expect(bob.status).toBe(201)
    const refused = await add(sales, 'cat@example.com')
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      limit: 2,
      used: 2,
      metric: 'team_members',
      message: 'Your plan allows 2 team members. Upgrade your plan to add more.',
    })
    expect((await add(support, 'ann@example.com')).status).toBe(201) // Ann counts once
    const member = { team_id: sales, team_member_id: bob.body.team_member.team_member_id }
    expect(
      (await testApp.request.post('/api/accounts/team/deactivate-member/').set(as(owner)).send(member)).status,
    ).toBe(200)
    expect((await add(sales, 'cat@example.com')).status).toBe(201)
    const back = await testApp.request.post('/api/accounts/team/activate-member/').set(as(owner)).send(member)
    expect(back.status).toBe(402)
    expect(back.body.metric).toBe('team_members')
  })
})

describe('what is used up in a period: conversations, messages, tokens', () => {
  it('allows the plan’s conversations and refuses the next, in the dashboard and to a widget visitor', async () => {
    const { owner, agentId } = await ownerWithConversation({ conversations: 2 })
    expect((await newConversation(owner, agentId)).status).toBe(201)
    const refused = await newConversation(owner, agentId)
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      limit: 2,
      used: 2,
      metric: 'conversations',
      message: 'Your plan allows 2 conversations a month. Upgrade your plan to continue.',
    })
    const { client_key } = await newIntegration({ testApp, owner, agentId })
    const session = await start(testApp, client_key)
    const visitor = await testApp.request
      .post('/api/conversations/api/create/')
      .set({
        Authorization: `Bearer ${session.body.token}`,
        Origin: SITE,
        'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5',
      })
      .send({})
    expect(visitor.status).toBe(503)
    expect(visitor.body).toMatchObject({
      error: 'SERVICE_UNAVAILABLE',
      message: 'Cet assistant ne peut pas répondre pour le moment. Veuillez réessayer plus tard.',
    })
    expect(JSON.stringify(visitor.body)).not.toMatch(/plan|limit|Tiny/i)
  })

  it('allows the plan’s messages and refuses the next before the model is called; nothing of it is saved', async () => {
    const { owner, agentId, conversationId } = await ownerWithConversation({ messages: 2 })
    for (const text of ['First?', 'Second?'])
      expect((await send(owner, agentId, conversationId, text)).status).toBe(200)
    const calls = llm.requests.length
    const refused = await send(owner, agentId, conversationId, 'Third?')
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      limit: 2,
      used: 2,
      metric: 'messages',
      message: 'Your plan allows 2 messages a month. Upgrade your plan to continue.',
    })
    expect(llm.requests.length).toBe(calls)
    expect(await testApp.database.prisma.message.count({ where: { conversationId, text: 'Third?' } })).toBe(0)
    const usage = (await testApp.request.get('/api/subscriptions/usage/limits/').set(as(owner))).body
    expect(usage).toMatchObject({
      usage: { messages: 2, conversations: 1, tokens: 2 * FULL_ANSWER_TOKENS },
      remaining: { messages: 0 },
      percent: { messages: 100 },
    })
  })

  it('reserves an answer’s most tokens before the model runs and settles what it cost: the budget is never passed', async () => {
    const owner = await signUp(testApp)
    const agentId = await createAgentFor(testApp, owner, 'Helper')
    const agent = await testApp.database.prisma.agent.findUniqueOrThrow({ where: { id: agentId } })
    const text = 'Can I return it?'
    const reserved = answerTokenBound(
      {
        maxTokens: testApp.config.LLM_MAX_TOKENS,
        passageCharacters: testApp.config.RETRIEVAL_TOP_K * (testApp.config.CHUNK_SIZE + testApp.config.CHUNK_OVERLAP),
      },
      agent,
      text.length,
    )
    // Room for two answers' cost, but not for a third one's reservation.
    await onPlan(owner, { tokens: 2 * FULL_ANSWER_TOKENS + reserved - 1 })
    const conversationId = (await newConversation(owner, agentId)).body.conversation_id as string
    expect((await send(owner, agentId, conversationId, text)).status).toBe(200)
    expect((await testApp.request.get('/api/subscriptions/usage/').set(as(owner))).body.tokens_usage).toBe(
      FULL_ANSWER_TOKENS,
    )
    expect((await send(owner, agentId, conversationId, text)).status).toBe(200)
    const calls = llm.requests.length
    const refused = await send(owner, agentId, conversationId, text)
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({ error: 'PLAN_LIMIT_REACHED', metric: 'tokens', used: 2 * FULL_ANSWER_TOKENS })
    expect(llm.requests.length).toBe(calls)
    expect((await testApp.request.get('/api/subscriptions/credits/remaining/').set(as(owner))).body).toMatchObject({
      credits_remaining: reserved - 1,
    })
    // Short of 100 %, but too few tokens are left for an answer: the owner is told it is used up.
    expect((await testApp.request.get('/api/notifications/').set(as(owner))).body.notifications).toContainEqual(
      expect.objectContaining({
        level: 'critical',
        metric: 'tokens',
        title: 'AI tokens limit reached',
        message:
          "Your plan's AI tokens are almost used up: too few are left for another answer this period. Upgrade your plan to continue.",
      }),
    )
  })

  it('counts the real prompt before the model runs: a long Chinese conversation that outgrows the estimate is refused, never overshot', async () => {
    const owner = await signUp(testApp)
    const agentId = await createAgentFor(testApp, owner, 'Helper')
    const agent = await testApp.database.prisma.agent.findUniqueOrThrow({ where: { id: agentId } })
    const chinese = '我们的退货政策允许您在收货后三十天内退回任何商品并获得全额退款，请保留好收据。'
      .repeat(300)
      .slice(0, 9_000)
    const estimate = answerTokenBound(
      {
        maxTokens: testApp.config.LLM_MAX_TOKENS,
        passageCharacters: testApp.config.RETRIEVAL_TOP_K * (testApp.config.CHUNK_SIZE + testApp.config.CHUNK_OVERLAP),
      },
      agent,
      chinese.length,
    )
    // The first answer costs what the fake model reports; the second is admitted on the estimate, but its
    // prompt (two long Chinese turns) needs more than the estimate, and the plan has one token more.
    const limit = FULL_ANSWER_TOKENS + estimate + 1
    await onPlan(owner, { tokens: limit })
    const conversationId = (await newConversation(owner, agentId)).body.conversation_id as string
    expect((await send(owner, agentId, conversationId, chinese)).status).toBe(200)
    const calls = llm.requests.length
    const refused = await send(owner, agentId, conversationId, `${chinese.slice(0, 8_999)}？`)
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      metric: 'tokens',
      user_message: { message_text: `${chinese.slice(0, 8_999)}？` },
    })
    expect(llm.requests.length).toBe(calls)
    const usage = (await testApp.request.get('/api/subscriptions/usage/').set(as(owner))).body
    expect(usage.tokens_usage).toBe(FULL_ANSWER_TOKENS)
    expect(usage.tokens_usage).toBeLessThanOrEqual(limit)
    expect(
      await testApp.database.prisma.message.findFirst({
        where: { conversationId, answerError: { not: null } },
        select: { answerError: true, answerReservedTokens: true },
      }),
    ).toEqual({ answerError: 'plan_limit', answerReservedTokens: 0 })
  })

  it('a widget visitor past the plan reads a polite message in their language, and the model is not called', async () => {
    const { owner, agentId } = await ownerWithConversation({ messages: 1 })
    const { client_key } = await newIntegration({ testApp, owner, agentId })
    const session = await start(testApp, client_key)
    const auth = { Authorization: `Bearer ${session.body.token}`, Origin: SITE }
    const conversationId = (await testApp.request.post('/api/conversations/api/create/').set(auth).send({})).body
      .conversation_id as string
    expect((await chat(testApp, auth, conversationId)).status).toBe(200)
    const calls = llm.requests.length
    const refused = await chat(testApp, { ...auth, 'Accept-Language': 'ar' }, conversationId, 'Another question?')
    expect(refused.status).toBe(503)
    expect(refused.body.message).toBe('لا يستطيع هذا المساعد الرد الآن. يرجى المحاولة لاحقًا.')
    const english = await chat(testApp, auth, conversationId, 'Another question?')
    expect(english.body).toMatchObject({
      error: 'SERVICE_UNAVAILABLE',
      message: "This assistant can't answer right now. Please try again later.",
    })
    expect(Object.keys(english.body).sort()).toEqual(['detail', 'error', 'message', 'reason', 'request_id'])
    expect(llm.requests.length).toBe(calls)
  })
})

describe('trials and periods, on the clock', () => {
  it('ends the trial after 14 days: agents stop answering, data stays, creation stops at the defaults', async () => {
    const owner = await signUp(testApp)
    const agentId = await createAgentFor(testApp, owner, 'Helper')
    const conversationId = (await newConversation(owner, agentId)).body.conversation_id as string
    clock.now = new Date(Date.now() + 13 * DAY)
    expect((await send(owner, agentId, conversationId, 'Still on trial?')).status).toBe(200)
    const ending = (await testApp.request.get('/api/notifications/').set(as(owner))).body.notifications
    expect(ending).toEqual([
      expect.objectContaining({ kind: 'trial', level: 'warning', title: 'Your free trial ends today' }),
    ])

    clock.now = new Date(Date.now() + 14 * DAY + 1000)
    const calls = llm.requests.length
    const refused = await send(owner, agentId, conversationId, 'Are you there?')
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'SUBSCRIPTION_INACTIVE',
      message: 'Your free trial has ended. Choose a plan to keep your agents answering.',
      upgrade_url: '/app/payment',
    })
    expect((await newConversation(owner, agentId)).body.error).toBe('SUBSCRIPTION_INACTIVE')
    expect(llm.requests.length).toBe(calls)
    const status = await testApp.request.get('/api/plans/get-user-subscription/').set(as(owner))
    expect(status.status).toBe(410)
    expect(status.body.subscription).toMatchObject({ status: 'expired', is_trial: true })
    expect(
      (await testApp.request.get(`/api/conversations/${agentId}/${conversationId}/messages/`).set(as(owner))).status,
    ).toBe(200)
    // Without a plan: up to 3 agents (SPEC section 9's default), no more.
    for (const name of ['Two', 'Three'])
      expect((await testApp.request.post('/api/agents/create/').set(as(owner)).send({ name })).status).toBe(201)
    const fourth = await testApp.request.post('/api/agents/create/').set(as(owner)).send({ name: 'Four' })
    expect(fourth.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      limit: 3,
      plan_name: 'No plan',
      message: 'Your free trial has ended. Without a plan you can have 3 agents. Choose a plan to add more.',
    })
    expect((await testApp.request.get('/api/notifications/').set(as(owner))).body.notifications).toEqual([
      expect.objectContaining({ kind: 'trial', level: 'critical', title: 'Your free trial has ended' }),
    ])
  })

  it('tells a team member it is the owner’s plan, with no Upgrade action of their own', async () => {
    const owner = await signUp(testApp)
    const member = await signUp(testApp)
    const agentId = await createAgentFor(testApp, owner, 'Shared helper')
    const team_id = (
      await testApp.request.post('/api/accounts/team/create/').set(as(owner)).send({ team_name: 'Support' })
    ).body.team.team_id as string
    expect(
      (
        await testApp.request
          .post('/api/accounts/team/add-member/')
          .set(as(owner))
          .send({ team_id, team_member_name: 'Member', team_member_email: member.email })
      ).status,
    ).toBe(201)
    expect(
      (
        await testApp.request
          .post('/api/accounts/team/assign-agent/')
          .set(as(owner))
          .send({ team_id, agent_id: agentId })
      ).status,
    ).toBe(200)
    const conversationId = (await newConversation(member, agentId)).body.conversation_id as string
    clock.now = new Date(Date.now() + 15 * DAY)
    const refused = await send(member, agentId, conversationId, 'Hello?')
    expect(refused.status).toBe(402)
    expect(refused.body).toMatchObject({
      error: 'SUBSCRIPTION_INACTIVE',
      upgrade_url: null,
      message: "The account owner's free trial has ended. Ask the owner to choose a plan to keep the agents answering.",
    })
    // The owner reads it as their own.
    expect((await newConversation(owner, agentId)).body).toMatchObject({
      error: 'SUBSCRIPTION_INACTIVE',
      upgrade_url: '/app/payment',
      message: 'Your free trial has ended. Choose a plan to keep your agents answering.',
    })
  })

  it('rolls the period over at its monthly boundary with no job running: the month’s allowance comes back', async () => {
    const { owner, agentId, conversationId } = await ownerWithConversation({ messages: 1, conversations: 5 })
    const startedAt = clock.now
    expect((await send(owner, agentId, conversationId, 'January?')).status).toBe(200)
    expect((await send(owner, agentId, conversationId, 'Again?')).status).toBe(402)
    clock.now = new Date(startedAt.getTime() + 31 * DAY)
    const usage = (await testApp.request.get('/api/subscriptions/usage/').set(as(owner))).body
    expect(usage).toMatchObject({ messages_usage: 0, conversations_usage: 0 })
    expect(Date.parse(usage.period_start)).toBeGreaterThan(startedAt.getTime())
    expect((await send(owner, agentId, conversationId, 'February?')).status).toBe(200)
    const history = (await testApp.request.get('/api/subscriptions/usage/history/').set(as(owner))).body.periods
    expect(history.slice(0, 2)).toMatchObject([{ messages: 1 }, { messages: 1, conversations: 1 }])
  })

  it('warns at 80 % and 100 % of a limit, in the header’s notifications', async () => {
    const owner = await signUp(testApp)
    await onPlan(owner, { agents: 5 })
    for (const name of ['1', '2', '3', '4']) await createAgentFor(testApp, owner, name)
    expect((await testApp.request.get('/api/notifications/').set(as(owner))).body.notifications).toEqual([
      expect.objectContaining({
        kind: 'usage',
        level: 'warning',
        metric: 'agents',
        percent: 80,
        title: 'Agents at 80% of your plan',
        action_url: '/app/payment',
      }),
    ])
    await createAgentFor(testApp, owner, '5')
    expect((await testApp.request.get('/api/notifications/').set(as(owner))).body.notifications).toEqual([
      expect.objectContaining({
        level: 'critical',
        metric: 'agents',
        percent: 100,
        title: 'Agents limit reached',
        message: 'You have used all 5 agents of your plan. Upgrade your plan to add more.',
      }),
    ])
  })
})

describe('BILLING_MODE unlimited', () => {
  it('counts usage but refuses nothing, even after the trial', async () => {
    const unlimited = await createTestApp({ ...llm.config }, { clock: () => new Date(Date.now() + 30 * DAY) })
    try {
      const owner = await signUp(unlimited)
      const agentIds = []
      for (const name of ['1', '2', '3', '4', '5', '6']) agentIds.push(await createAgentFor(unlimited, owner, name))
      expect(agentIds.every(Boolean)).toBe(true)
      const conversationId = (
        await unlimited.request
          .post('/api/conversations/create/')
          .set(as(owner))
          .send({ name: 'Chat', agent_id: agentIds[0] })
      ).body.conversation_id
      expect(
        (
          await unlimited.request
            .post(`/api/conversations/chat/${agentIds[0]}/${conversationId}/`)
            .set(as(owner))
            .send({ message_text: 'Hello?' })
        ).status,
      ).toBe(200)
      expect((await unlimited.request.get('/api/subscriptions/status/').set(as(owner))).body).toMatchObject({
        billing_mode: 'unlimited',
        status: 'expired',
        can_answer: true,
      })
      expect((await unlimited.request.get('/api/notifications/').set(as(owner))).body).toEqual({ notifications: [] })
    } finally {
      await unlimited.cleanup()
    }
  })
})
