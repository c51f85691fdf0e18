import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AgentNeed } from '../../../server/agents/require-agent-access.ts'
import { createFileStorage } from '../../../server/storage/create-file-storage.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { listRoutes } from '../../support/list-routes.ts'

let testApp: TestApp
const actors: Record<string, SignedUp> = {}
let teamId: string

interface Fixture {
  agentId: string
  textId: string
  documentId: string
  websiteId: string
  jobId: string
  /** Started by the acting actor, its last user message's answer failed (so a retry is possible). */
  conversationId: string
  messageId: string
  integrationId: string
}

type Call = (fixture: Fixture) => {
  method: 'get' | 'post' | 'put' | 'delete'
  path: string
  body?: object
  file?: boolean
}

// Every agent-scoped route, what it needs (docs/permissions.md), and a request that exercises it.
const MATRIX: Record<string, { need: AgentNeed; call: Call }> = {
  'GET /api/agents/:agentId/': { need: 'read', call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/` }) },
  'PUT /api/agents/:agentId/update/': {
    need: 'manage',
    call: (f) => ({ method: 'put', path: `/api/agents/${f.agentId}/update/`, body: { name: 'Renamed' } }),
  },
  'DELETE /api/agents/:agentId/delete/': {
    need: 'manage',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/delete/` }),
  },
  'GET /api/agents/:agentId/permissions/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/permissions/` }),
  },
  'GET /api/agents/:agentId/texts/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/texts/` }),
  },
  'POST /api/agents/:agentId/texts/create/': {
    need: 'edit',
    call: (f) => ({
      method: 'post',
      path: `/api/agents/${f.agentId}/texts/create/`,
      body: { text_title: 'T', text_content: 'C' },
    }),
  },
  'GET /api/agents/:agentId/texts/:textId/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/texts/${f.textId}/` }),
  },
  'PUT /api/agents/:agentId/texts/:textId/update/': {
    need: 'edit',
    call: (f) => ({
      method: 'put',
      path: `/api/agents/${f.agentId}/texts/${f.textId}/update/`,
      body: { text_title: 'New' },
    }),
  },
  'DELETE /api/agents/:agentId/texts/:textId/delete/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/texts/${f.textId}/delete/` }),
  },
  'GET /api/agents/:agentId/documents/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/documents/` }),
  },
  'POST /api/agents/:agentId/documents/upload/': {
    need: 'edit',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/documents/upload/`, file: true }),
  },
  'GET /api/agents/:agentId/documents/:documentId/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/documents/${f.documentId}/` }),
  },
  'PUT /api/agents/:agentId/documents/:documentId/update/': {
    need: 'edit',
    call: (f) => ({
      method: 'put',
      path: `/api/agents/${f.agentId}/documents/${f.documentId}/update/`,
      body: { document_name: 'n.txt' },
    }),
  },
  'DELETE /api/agents/:agentId/documents/:documentId/delete/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/documents/${f.documentId}/delete/` }),
  },
  'GET /api/agents/:agentId/documents/:documentId/download/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/documents/${f.documentId}/download/` }),
  },
  'POST /api/agents/:agentId/documents/:documentId/download-link/': {
    need: 'read',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/documents/${f.documentId}/download-link/` }),
  },
  'GET /api/agents/:agentId/websites/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/websites/` }),
  },
  'POST /api/agents/:agentId/websites/create/': {
    need: 'edit',
    call: (f) => ({
      method: 'post',
      path: `/api/agents/${f.agentId}/websites/create/`,
      body: { website_url: 'https://example.com/', website_name: 'Site' },
    }),
  },
  'GET /api/agents/:agentId/websites/:websiteId/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/websites/${f.websiteId}/` }),
  },
  'GET /api/agents/:agentId/websites/:websiteId/pages/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/websites/${f.websiteId}/pages/` }),
  },
  'PUT /api/agents/:agentId/websites/:websiteId/update/': {
    need: 'edit',
    call: (f) => ({
      method: 'put',
      path: `/api/agents/${f.agentId}/websites/${f.websiteId}/update/`,
      body: { website_name: 'New' },
    }),
  },
  'DELETE /api/agents/:agentId/websites/:websiteId/delete/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/websites/${f.websiteId}/delete/` }),
  },
  'POST /api/agents/:agentId/websites/:websiteId/crawl/': {
    need: 'edit',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/websites/${f.websiteId}/crawl/` }),
  },
  'POST /api/agents/:agentId/:objectType/:objectId/embed/': {
    need: 'edit',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/text/${f.textId}/embed/`, body: {} }),
  },
  'POST /api/agents/:agentId/:objectType/embed-all/': {
    need: 'edit',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/text/embed-all/` }),
  },
  'DELETE /api/agents/:agentId/:objectType/:objectId/embeddings/delete/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/text/${f.textId}/embeddings/delete/` }),
  },
  'POST /api/agents/:agentId/:objectType/:objectId/embeddings/delete/': {
    need: 'edit',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/text/${f.textId}/embeddings/delete/` }),
  },
  'GET /api/agents/:agentId/embeddings/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/embeddings/` }),
  },
  'GET /api/agents/:agentId/jobs/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/jobs/` }),
  },
  'GET /api/agents/:agentId/jobs/:jobId/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/jobs/${f.jobId}/` }),
  },
  'GET /api/agents/:agentId/integrations/frontend/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/integrations/frontend/` }),
  },
  'POST /api/agents/:agentId/integrations/frontend/': {
    need: 'edit',
    call: (f) => ({
      method: 'post',
      path: `/api/agents/${f.agentId}/integrations/frontend/`,
      body: { website_name: 'Shop', website_domain: 'shop.example.com' },
    }),
  },
  'POST /api/agents/:agentId/integrations/frontend/create/': {
    need: 'edit',
    call: (f) => ({
      method: 'post',
      path: `/api/agents/${f.agentId}/integrations/frontend/create/`,
      body: { website_name: 'Shop', website_domain: 'shop.example.com' },
    }),
  },
  'PUT /api/agents/:agentId/integrations/frontend/:integrationId/': {
    need: 'edit',
    call: (f) => ({
      method: 'put',
      path: `/api/agents/${f.agentId}/integrations/frontend/${f.integrationId}/`,
      body: { bot_name: 'Sam' },
    }),
  },
  'PUT /api/agents/:agentId/integrations/frontend/:integrationId/update/': {
    need: 'edit',
    call: (f) => ({
      method: 'put',
      path: `/api/agents/${f.agentId}/integrations/frontend/${f.integrationId}/update/`,
      body: { bot_name: 'Sam' },
    }),
  },
  'DELETE /api/agents/:agentId/integrations/frontend/:integrationId/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/integrations/frontend/${f.integrationId}/` }),
  },
  'DELETE /api/agents/:agentId/integrations/frontend/:integrationId/delete/': {
    need: 'edit',
    call: (f) => ({
      method: 'delete',
      path: `/api/agents/${f.agentId}/integrations/frontend/${f.integrationId}/delete/`,
    }),
  },
  'POST /api/conversations/create/': {
    need: 'chat',
    call: (f) => ({ method: 'post', path: '/api/conversations/create/', body: { name: 'New', agent_id: f.agentId } }),
  },
  'GET /api/conversations/:id/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/conversations/${f.conversationId}/` }),
  },
  'PUT /api/conversations/:conversationId/read/': {
    need: 'read',
    call: (f) => ({ method: 'put', path: `/api/conversations/${f.conversationId}/read/` }),
  },
  'GET /api/conversations/:agentId/:conversationId/check-active/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/conversations/${f.agentId}/${f.conversationId}/check-active/` }),
  },
  'GET /api/conversations/:agentId/:conversationId/messages/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/conversations/${f.agentId}/${f.conversationId}/messages/` }),
  },
  'POST /api/conversations/:agentId/:conversationId/update/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: `/api/conversations/${f.agentId}/${f.conversationId}/update/`,
      body: { is_favorite: true },
    }),
  },
  'POST /api/conversations/:agentId/:conversationId/:messageId/update/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: `/api/conversations/${f.agentId}/${f.conversationId}/${f.messageId}/update/`,
      body: { message_text: 'Edited' },
    }),
  },
  'GET /api/conversations/:agentId/:conversationId/:messageId/attachments/:index/': {
    need: 'read',
    call: (f) => ({
      method: 'get',
      path: `/api/conversations/${f.agentId}/${f.conversationId}/${f.messageId}/attachments/0/`,
    }),
  },
  'POST /api/conversations/:agentId/:conversationId/:messageId/retry/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: `/api/conversations/${f.agentId}/${f.conversationId}/${f.messageId}/retry/`,
    }),
  },
  'GET /api/conversations/chat/:agentId/:conversationId/': {
    need: 'chat',
    call: (f) => ({
      method: 'get',
      path: `/api/conversations/chat/${f.agentId}/${f.conversationId}/?message_text=Hello`,
    }),
  },
  'POST /api/conversations/chat/:agentId/:conversationId/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: `/api/conversations/chat/${f.agentId}/${f.conversationId}/`,
      body: { message_text: 'Hello' },
    }),
  },
  'POST /api/conversations/chat/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: '/api/conversations/chat/',
      body: { message_text: 'Hello', agent_id: f.agentId, conversation_id: f.conversationId },
    }),
  },
}

const GRANTS: Record<string, AgentNeed[]> = {
  owner: ['read', 'chat', 'edit', 'manage'],
  admin: ['read', 'chat', 'edit'],
  member: ['read', 'chat'],
  viewer: ['read'],
  deactivated: [],
  pending: [],
  outsider: [],
}

beforeAll(async () => {
  testApp = await createTestApp({
    WORKER_IN_SERVER: 'false',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  })
  for (const name of Object.keys(GRANTS)) actors[name] = await signUp(testApp, { email: `${name}@matrix.example.com` })
  const { prisma } = testApp.database
  const owner = actors.owner!
  teamId = (await prisma.team.create({ data: { accountId: owner.userId, name: 'Matrix team' } })).id
  for (const [name, role, status] of [
    ['admin', 'admin', 'active'],
    ['member', 'member', 'active'],
    ['viewer', 'viewer', 'active'],
    ['deactivated', 'admin', 'deactivated'],
    ['pending', 'admin', 'pending'],
  ] as const) {
    await prisma.teamMember.create({
      data: {
        accountId: owner.userId,
        teamId,
        userId: actors[name]!.userId,
        name,
        email: `${name}@matrix.example.com`,
        role,
        status,
      },
    })
  }
})
afterAll(() => testApp.cleanup())

// A fresh agent of the owner, assigned to the team, with one of every item: destructive calls never
// leave the next actor without something to act on.
async function freshFixture(actorId: string): Promise<Fixture> {
  const { prisma } = testApp.database
  const accountId = actors.owner!.userId
  const agent = await prisma.agent.create({ data: { accountId, name: 'Matrix agent' } })
  await prisma.teamAgent.create({ data: { teamId, agentId: agent.id, accountId } })
  const text = await prisma.text.create({ data: { accountId, agentId: agent.id, title: 'T', content: 'C' } })
  const storageKey = `agents/${agent.id}/documents/1_x_file.txt`
  await createFileStorage(testApp.config).put(storageKey, Buffer.from('file'), 'text/plain')
  const document = await prisma.document.create({
    data: {
      accountId,
      agentId: agent.id,
      name: 'file.txt',
      format: 'txt',
      mimeType: 'text/plain',
      storageKey,
      sizeBytes: 4,
      status: 'ready',
    },
  })
  const website = await prisma.website.create({
    data: { accountId, agentId: agent.id, url: 'https://example.com/', name: 'Site' },
  })
  const job = await prisma.job.create({ data: { kind: 'noop', accountId, agentId: agent.id, status: 'succeeded' } })
  const conversation = await prisma.conversation.create({
    data: { accountId, agentId: agent.id, name: 'Matrix chat', startedByUserId: actorId },
  })
  const attachmentKey = `widgets/matrix/attachments/${conversation.id}/note.txt`
  await createFileStorage(testApp.config).put(attachmentKey, Buffer.from('note'), 'text/plain')
  const message = await prisma.message.create({
    data: {
      accountId,
      conversationId: conversation.id,
      senderType: 'user',
      text: 'Hi',
      answerError: 'unavailable',
      attachments: [{ name: 'note.txt', content_type: 'text/plain', size: 4, key: attachmentKey }],
    },
  })
  const integration = await prisma.widgetIntegration.create({
    data: {
      accountId,
      agentId: agent.id,
      clientKey: `wk_${randomUUID()}`,
      websiteName: 'Shop',
      websiteDomain: 'shop.example.com',
      startMessage: 'Hi',
    },
  })
  return {
    agentId: agent.id,
    textId: text.id,
    documentId: document.id,
    websiteId: website.id,
    jobId: job.id,
    conversationId: conversation.id,
    messageId: message.id,
    integrationId: integration.id,
  }
}

// Routes about agents that take no agent id in their path: each answers only for agents the caller
// reaches (tested in teams.test.ts and agents.test.ts). A new /agents route must be classified here or
// in MATRIX, or this file fails.
const NOT_PATH_SCOPED = new Set([
  'GET /api/agents/', // lists only visible agents
  'POST /api/agents/create/', // creates the caller's own agent
  'GET /api/agents/permissions/user/', // the caller's own permissions
  'POST /api/agents/permissions/check-content/', // answers allowed: false for an agent the caller cannot reach
  'GET /api/conversations/index/', // lists conversations of visible agents only (agent_id: as its agent's list)
  // The public widget calls: a visitor's token and the page's origin decide (tests/integration/widgets/).
  'POST /api/conversations/api/start-chat-widget/',
  'POST /api/conversations/api/tokens/',
  'POST /api/conversations/api/tokens/refresh/',
  'POST /api/conversations/api/create/',
  'GET /api/conversations/api/chat/:conversationId/',
  'POST /api/conversations/api/chat/:conversationId/',
])

describe('the access matrix', () => {
  it('classifies every /api/agents and /api/conversations route: in the matrix, or answering only for what the caller reaches', () => {
    const agentRoutes = listRoutes(testApp.app).filter((route) =>
      /^\/api\/(agents|conversations)\//.test(route.split(' ')[1] ?? ''),
    )
    expect(agentRoutes.filter((route) => !(route in MATRIX) && !NOT_PATH_SCOPED.has(route))).toEqual([])
  })

  it('has an entry for every agent-scoped route the app registers', () => {
    const agentScoped = listRoutes(testApp.app).filter((route) => route.includes(':agentId'))
    expect(agentScoped.filter((route) => !(route in MATRIX))).toEqual([])
    const registered = listRoutes(testApp.app)
    expect(Object.keys(MATRIX).filter((route) => !registered.includes(route))).toEqual([])
  })

  describe.each(Object.entries(MATRIX))('%s', (_route, { need, call }) => {
    it.each(Object.keys(GRANTS))('as %s', async (actorName) => {
      const fixture = await freshFixture(actors[actorName]!.userId)
      const request = call(fixture)
      let pending = testApp.request[request.method](request.path).set(bearer(actors[actorName]!.access))
      pending = request.file
        ? pending.attach('document_file', Buffer.from('some text'), 'upload.txt')
        : request.body
          ? pending.send(request.body)
          : pending
      const response = await pending
      const granted = GRANTS[actorName]!
      if (granted.includes(need)) {
        expect([200, 201, 202], `${actorName} should be allowed: ${JSON.stringify(response.body)}`).toContain(
          response.status,
        )
      } else {
        expect(response.status, JSON.stringify(response.body)).toBe(granted.includes('read') ? 403 : 404)
      }
    })
  })
})
