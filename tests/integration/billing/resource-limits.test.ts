// Issue 16: what exists (agents, widgets, team members) reached exactly: n allowed, n + 1 refused with 402.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { signUp, signUpProven } from '../../support/accounts.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { as, newConversation, onPlan, testApp, usePlanLimitsTestbed } from '../../support/plan-limits-testbed.ts'
import { chat, newIntegration, visitor } from '../../support/widget-visitors.ts'

usePlanLimitsTestbed()

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

  it('deletes nothing on a downgrade: widgets and team members made before stay usable, new ones are refused', async () => {
    const owner = await signUp(testApp)
    const colleague = await signUpProven(testApp)
    const agentId = await createAgentFor(testApp, owner)
    await onPlan(owner, { widgets: 2, team_members: 2 })
    const shop = await newIntegration({ testApp, owner, agentId })
    await newIntegration({ testApp, owner, agentId }, { website_name: 'Blog', website_domain: 'blog.example.com' })
    const team_id = (
      await testApp.request.post('/api/accounts/team/create/').set(as(owner)).send({ team_name: 'Support' })
    ).body.team.team_id as string
    const add = (email: string) =>
      testApp.request
        .post('/api/accounts/team/add-member/')
        .set(as(owner))
        .send({ team_id, team_member_name: email.split('@')[0], team_member_email: email })
    expect((await add(colleague.email)).status).toBe(201)
    const ann = (await add('ann@example.com')).body.team_member.team_member_id as string
    expect(
      (
        await testApp.request
          .post('/api/accounts/team/assign-agent/')
          .set(as(owner))
          .send({ team_id, agent_id: agentId })
      ).status,
    ).toBe(200)

    const plan = await onPlan(owner, { widgets: 1, team_members: 1 })
    // Both widgets stay switched on, answer their visitors and can be edited.
    const base = `/api/agents/${agentId}/integrations/frontend/`
    const widgets = (await testApp.request.get(base).set(as(owner))).body.integrations as { is_active: boolean }[]
    expect(widgets.map((widget) => widget.is_active)).toEqual([true, true])
    const { auth, conversationId } = await visitor(testApp, shop.client_key)
    expect((await chat(testApp, auth, conversationId)).status).toBe(200)
    const renamed = await testApp.request
      .put(`${base}${shop.integration_id}/`)
      .set(as(owner))
      .send({ website_name: 'Shop, renamed' })
    expect(renamed.status).toBe(200)
    // Both members stay: the colleague works with the team's agent, and the owner can still edit Ann.
    expect((await newConversation(colleague, agentId)).status).toBe(201)
    expect(
      (
        await testApp.request
          .post('/api/accounts/team/update-member-name/')
          .set(as(owner))
          .send({ team_id, team_member_id: ann, team_member_name: 'Ann B.' })
      ).status,
    ).toBe(200)
    // Only something new is refused.
    const widget = await testApp.request
      .post(base)
      .set(as(owner))
      .send({ website_name: 'Docs', website_domain: 'docs.example.com' })
    expect(widget.status).toBe(402)
    expect(widget.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      metric: 'widgets',
      limit: 1,
      used: 2,
      plan_name: plan,
      message: 'Your plan allows 1 widget. Upgrade your plan to add more.',
    })
    const member = await add('cat@example.com')
    expect(member.status).toBe(402)
    expect(member.body).toMatchObject({
      error: 'PLAN_LIMIT_REACHED',
      metric: 'team_members',
      limit: 1,
      used: 2,
      plan_name: plan,
      message: 'Your plan allows 1 team member. Upgrade your plan to add more.',
    })
    expect(await testApp.database.prisma.widgetIntegration.count({ where: { accountId: owner.userId } })).toBe(2)
    expect(await testApp.database.prisma.teamMember.count({ where: { accountId: owner.userId } })).toBe(2)
  })
})
