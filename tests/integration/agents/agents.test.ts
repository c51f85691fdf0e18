import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listAgents } from '../../../server/agents/list-agents.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { countingQueries } from '../../support/count-queries.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'

let testApp: TestApp
let owner: SignedUp
beforeAll(async () => {
  testApp = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' })
  owner = await signUp(testApp)
})
afterAll(() => testApp.cleanup())

const create = (account: SignedUp, body: object) =>
  testApp.request.post('/api/agents/create/').set(bearer(account.access)).send(body)

describe('agents', () => {
  it('creates an agent: private by default, empty description stored as none, counts at zero', async () => {
    const response = await create(owner, { name: '  Support bot ', description: '' })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      name: 'Support bot',
      description: null,
      visibility: 'private',
      is_active: true,
      is_favorite: false,
      is_archived: false,
      no_of_documents: 0,
      no_of_texts: 0,
      no_of_websites: 0,
      no_of_conversations: 0,
      documents_summary: { total_documents: 0 },
      teams: [],
      no_of_team_members: 0,
    })
    expect(response.body.agent_id).toBe(response.body.id)
  })

  it.each([[{}], [{ name: '   ' }], [{ name: 42 }], [null]])(
    'refuses %j with "Agent name is required"',
    async (body) => {
      const response = await create(owner, body as object)
      expect(response.status).toBe(400)
      expect(response.body.message).toBe('Agent name is required')
    },
  )

  it('reads, updates only what is sent, and deletes', async () => {
    const { body: agent } = await create(owner, { name: 'Draft', description: 'first', visibility: 'public' })
    const read = await testApp.request.get(`/api/agents/${agent.agent_id}/`).set(bearer(owner.access))
    expect(read.body).toMatchObject({ name: 'Draft', description: 'first', visibility: 'public' })
    const updated = await testApp.request
      .put(`/api/agents/${agent.agent_id}/update/`)
      .set(bearer(owner.access))
      .send({ is_favorite: true, llm_temperature: 0.2 })
    expect(updated.body).toMatchObject({ name: 'Draft', description: 'first', is_favorite: true, llm_temperature: 0.2 })
    const removed = await testApp.request.delete(`/api/agents/${agent.agent_id}/delete/`).set(bearer(owner.access))
    expect(removed.body.message).toBe('Agent deleted')
    expect((await testApp.request.get(`/api/agents/${agent.agent_id}/`).set(bearer(owner.access))).status).toBe(404)
  })

  it("another account's agent answers 404 for every call, exactly like a missing one", async () => {
    const { body: agent } = await create(owner, { name: 'Private' })
    const stranger = await signUp(testApp)
    for (const call of [
      testApp.request.get(`/api/agents/${agent.agent_id}/`),
      testApp.request.put(`/api/agents/${agent.agent_id}/update/`).send({ name: 'Mine now' }),
      testApp.request.delete(`/api/agents/${agent.agent_id}/delete/`),
    ]) {
      const response = await call.set(bearer(stranger.access))
      expect(response.status).toBe(404)
      expect(response.body.message).toBe('Agent not found')
    }
    const missing = await testApp.request
      .get('/api/agents/01a1fed8-db14-76e0-9c1b-b18b6b861a9b/')
      .set(bearer(stranger.access))
    const malformed = await testApp.request.get('/api/agents/123/').set(bearer(stranger.access))
    expect([missing.body.message, malformed.body.message]).toEqual(['Agent not found', 'Agent not found'])
    expect((await testApp.request.get(`/api/agents/${agent.agent_id}/`).set(bearer(owner.access))).body.name).toBe(
      'Private',
    )
  })

  it("lists only the actor's agents, newest first, with the pagination envelope", async () => {
    const lister = await signUp(testApp)
    for (let index = 1; index <= 13; index++) await create(lister, { name: `Agent ${index}` })
    const firstPage = await testApp.request.get('/api/agents/?page=1&page_size=12').set(bearer(lister.access))
    expect(firstPage.body.pagination).toEqual({ page: 1, page_size: 12, total_count: 13, total_pages: 2 })
    expect(firstPage.body.agents).toHaveLength(12)
    expect(firstPage.body.agents[0].name).toBe('Agent 13')
    const secondPage = await testApp.request.get('/api/agents/?page=2&page_size=12').set(bearer(lister.access))
    expect(secondPage.body.agents.map((agent: { name: string }) => agent.name)).toEqual(['Agent 1'])
    const defaults = await testApp.request.get('/api/agents/').set(bearer(lister.access))
    expect(defaults.body.pagination).toMatchObject({ page: 1, page_size: 10 })
  })

  it.each(['page=0', 'page=x', 'page_size=101', 'page_size=-1'])('refuses the query %s with 400', async (query) => {
    const response = await testApp.request.get(`/api/agents/?${query}`).set(bearer(owner.access))
    expect(response.status).toBe(400)
  })

  it('computes counts and teams in a fixed number of queries, however many agents (no N+1)', async () => {
    const busy = await signUp(testApp)
    const { prisma } = testApp.database
    const team = await prisma.team.create({ data: { accountId: busy.userId, name: 'Support team' } })
    await prisma.teamMember.create({
      data: { accountId: busy.userId, teamId: team.id, name: 'M', email: 'm@example.com', status: 'active' },
    })
    const addAgents = async (count: number) => {
      for (let index = 0; index < count; index++) {
        const agent = await prisma.agent.create({ data: { accountId: busy.userId, name: `A${index}` } })
        await prisma.text.create({ data: { accountId: busy.userId, agentId: agent.id, title: 'T', content: 'C' } })
        await prisma.conversation.create({ data: { accountId: busy.userId, agentId: agent.id, name: 'Chat' } })
        await prisma.conversation.create({
          data: { accountId: busy.userId, agentId: agent.id, name: 'Gone', isDeleted: true },
        })
        await prisma.teamAgent.create({ data: { teamId: team.id, agentId: agent.id, accountId: busy.userId } })
      }
    }
    const counter = countingQueries(testApp.database)
    const actor = { userId: busy.userId, email: busy.email, fullName: 'B', sessionId: 'x' }
    await addAgents(3)
    counter.reset()
    const few = await listAgents(counter.database, actor, { page: 1, page_size: 100 })
    const queriesForFew = counter.count()
    await addAgents(27)
    counter.reset()
    const many = await listAgents(counter.database, actor, { page: 1, page_size: 100 })
    expect(many.agents).toHaveLength(30)
    expect(counter.count()).toBe(queriesForFew)
    expect(few.agents[0]).toMatchObject({
      no_of_texts: 1,
      no_of_conversations: 1,
      teams: ['Support team'],
      no_of_team_members: 1,
    })
    await counter.database.prisma.$disconnect()
  })

  it('without a session every agent call is 401', async () => {
    expect((await testApp.request.get('/api/agents/')).status).toBe(401)
    expect((await testApp.request.post('/api/agents/create/').send({ name: 'x' })).status).toBe(401)
  })
})
