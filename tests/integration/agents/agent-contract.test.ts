import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgentListSchema, AgentViewSchema } from '../../../server/agents/agents.schemas.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'

// The dashboard and the embedded admin type the agents calls' answers with agents.schemas.ts instead of a
// copy: every answer must match those schemas exactly, no field missing and none unknown.
let testApp: TestApp
let owner: SignedUp
beforeAll(async () => {
  testApp = await createTestApp()
  owner = await signUp(testApp)
})
afterAll(() => testApp.cleanup())

describe('the agents contract', () => {
  it('create, read, update and list answer exactly the agent view and the list shape', async () => {
    const created = await testApp.request
      .post('/api/agents/create/')
      .set(bearer(owner.access))
      .send({ name: 'Contract bot', description: 'Checks shapes' })
    expect(created.status).toBe(201)
    const agent = AgentViewSchema.parse(created.body)

    const read = await testApp.request.get(`/api/agents/${agent.agent_id}/`).set(bearer(owner.access))
    expect(AgentViewSchema.parse(read.body)).toEqual(agent)

    const updated = await testApp.request
      .put(`/api/agents/${agent.agent_id}/update/`)
      .set(bearer(owner.access))
      .send({ is_favorite: true, llm_temperature: 0.5 })
    expect(AgentViewSchema.parse(updated.body)).toMatchObject({ is_favorite: true, llm_temperature: 0.5 })

    const list = await testApp.request.get('/api/agents/').set(bearer(owner.access))
    const page = AgentListSchema.parse(list.body)
    expect(page.agents.map((item) => AgentViewSchema.parse(item).agent_id)).toEqual([agent.agent_id])
    expect(page.pagination).toEqual({ page: 1, page_size: 10, total_count: 1, total_pages: 1 })
  })

  it('refuses a shape with a field the server does not send, so the check can fail', () => {
    expect(AgentViewSchema.safeParse({ ...AGENT_SAMPLE, surprise: 1 }).success).toBe(false)
    expect(AgentViewSchema.safeParse(AGENT_SAMPLE).success).toBe(true)
  })
})

const AGENT_SAMPLE = {
  agent_id: 'a',
  id: 'a',
  name: 'n',
  description: null,
  visibility: 'private',
  avatar_url: null,
  is_favorite: false,
  is_archived: false,
  is_active: true,
  auto_embed: true,
  instructions: null,
  llm_model: null,
  llm_temperature: null,
  llm_max_tokens: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  no_of_documents: 0,
  no_of_texts: 0,
  no_of_websites: 0,
  no_of_conversations: 0,
  conversation_count: 0,
  documents_summary: { total_documents: 0 },
  teams: [],
  no_of_team_members: 0,
  is_owner: true,
  permissions: ['read', 'chat', 'edit', 'manage'],
}
