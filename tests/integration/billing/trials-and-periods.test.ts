// Issue 16: trials ending and periods rolling over on a clock the test moves, the owner told in the
// header's notifications, and BILLING_MODE unlimited refusing nothing.
import { describe, expect, it } from 'vitest'
import { signUp, signUpProven } from '../../support/accounts.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import {
  as,
  clock,
  DAY,
  llm,
  newConversation,
  onPlan,
  ownerWithConversation,
  send,
  testApp,
  usePlanLimitsTestbed,
} from '../../support/plan-limits-testbed.ts'
import { createTestApp } from '../../support/create-test-app.ts'

usePlanLimitsTestbed()

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

  it('after the trial, allows the chosen defaults of 1 widget and 1 team member and refuses the next', async () => {
    const owner = await signUp(testApp)
    const agentId = await createAgentFor(testApp, owner, 'Helper')
    const team_id = (
      await testApp.request.post('/api/accounts/team/create/').set(as(owner)).send({ team_name: 'Support' })
    ).body.team.team_id as string
    clock.now = new Date(Date.now() + 14 * DAY + 1000)
    const widget = (website_domain: string) =>
      testApp.request
        .post(`/api/agents/${agentId}/integrations/frontend/`)
        .set(as(owner))
        .send({ website_name: 'Shop', website_domain })
    const member = (email: string) =>
      testApp.request
        .post('/api/accounts/team/add-member/')
        .set(as(owner))
        .send({ team_id, team_member_name: 'Member', team_member_email: email })
    const refusal = (metric: string, message: string) => ({
      error: 'PLAN_LIMIT_REACHED',
      metric,
      limit: 1,
      used: 1,
      plan_name: 'No plan',
      upgrade_url: '/app/payment',
      message,
      detail: message,
      request_id: expect.any(String),
    })
    expect((await widget('shop.example.com')).status).toBe(201)
    const secondWidget = await widget('blog.example.com')
    expect(secondWidget.status).toBe(402)
    expect(secondWidget.body).toEqual(
      refusal('widgets', 'Your free trial has ended. Without a plan you can have 1 widget. Choose a plan to add more.'),
    )
    expect((await member('ann@example.com')).status).toBe(201)
    const secondMember = await member('bob@example.com')
    expect(secondMember.status).toBe(402)
    expect(secondMember.body).toEqual(
      refusal(
        'team_members',
        'Your free trial has ended. Without a plan you can have 1 team member. Choose a plan to add more.',
      ),
    )
  })

  it('tells a team member it is the owner’s plan, with no Upgrade action of their own', async () => {
    const owner = await signUp(testApp)
    const member = await signUpProven(testApp)
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
