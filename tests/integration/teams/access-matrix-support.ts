// The access matrix's set-up: an app with seven kinds of actor (the owner; a team's admin, member and
// viewer; a deactivated and a pending admin; an outsider), what each may do on the owner's agents, and a
// fresh agent with one of every item for each request. The routes are split by area over
// access-matrix-*-routes.ts, each area's test file calls describeAccessMatrix() with its table.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AgentNeed } from '../../../server/agents/require-agent-access.ts'
import { createFileStorage } from '../../../server/storage/create-file-storage.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { ANY_GRAPH_ID, metaToken, startFakeMetaGraph } from '../../support/fake-meta-graph.ts'
import { firstChunkOnly } from '../../support/first-chunk-only.ts'

interface Fixture {
  agentId: string
  textId: string
  documentId: string
  websiteId: string
  jobId: string
  /** Started by the acting actor, its last user message's answer failed (so a retry is possible). */
  conversationId: string
  messageId: string
  /** An answer of the agent in that conversation. */
  answerId: string
  integrationId: string
  /** A website visitor's chat nobody of the team is in. */
  visitorConversationId: string
  /** The address that visitor left: a lead of the agent. */
  leadId: string
  /** A messaging channel (a Facebook Page) connected to the agent, and its Page id. */
  channelId: string
  channelPageId: string
  /** A Page id no agent has yet. The matrix's Graph API stand-in takes `${MATRIX_META_TOKEN}.<id>` as any Page's token. */
  freePageId: string
  /** A website visitor's chat the acting actor is in (joined by live takeover). */
  heldConversationId: string
}

type Call = (fixture: Fixture) => {
  method: 'get' | 'post' | 'put' | 'delete'
  path: string
  body?: object
  file?: boolean
  /** A Server-Sent Events stream: the status is read from its first chunk, then the stream is closed. */
  stream?: boolean
}

/** Agent-scoped routes, what each needs (docs/permissions.md), and a request that exercises it. */
export type AccessRoutes = Record<string, { need: AgentNeed; call: Call }>

const GRANTS: Record<string, AgentNeed[]> = {
  owner: ['read', 'chat', 'edit', 'manage'],
  admin: ['read', 'chat', 'edit'],
  member: ['read', 'chat'],
  viewer: ['read'],
  deactivated: [],
  pending: [],
  outsider: [],
}

/** The matrix's Graph API stand-in takes `${MATRIX_META_TOKEN}.<id>` as any Page's token (connecting a channel checks it at Meta). */
export const MATRIX_META_TOKEN = metaToken()

/**
 * The app the matrix runs against: no worker, sign-up limits out of the way for the actors, and a Graph API
 * stand-in that takes `${MATRIX_META_TOKEN}.<id>` as any Page's token (stopped with the app).
 */
export async function createMatrixApp(): Promise<TestApp> {
  const graph = await startFakeMetaGraph()
  graph.objects.set(ANY_GRAPH_ID, { token: MATRIX_META_TOKEN, fields: { name: 'Matrix Page' } })
  const testApp = await createTestApp({
    WORKER_IN_SERVER: 'false',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    ...graph.config,
  }).catch(async (error: unknown) => {
    await graph.close()
    throw error
  })
  return {
    ...testApp,
    cleanup: async () => {
      await testApp.cleanup()
      await graph.close()
    },
  }
}

/** A numeric id no one has used, as Meta's ids are. */
const freshMetaId = () => String(BigInt(`0x${randomUUID().replaceAll('-', '').slice(0, 14)}`))

/**
 * Checks each route against every kind of actor, on this file's own app, team and actors; with
 * `answeredPermissions`, also that the agent's answers tell each actor what the matrix allows them.
 */
export function describeAccessMatrix(routes: AccessRoutes, { answeredPermissions = false } = {}) {
  let testApp: TestApp
  const actors: Record<string, SignedUp> = {}
  let teamId: string

  beforeAll(async () => {
    testApp = await createMatrixApp()
    for (const name of Object.keys(GRANTS))
      actors[name] = await signUp(testApp, { email: `${name}@matrix.example.com` })
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
    // Before the question below: that one stays the last message, its answer failed.
    const asked = await prisma.message.create({
      data: { accountId, conversationId: conversation.id, senderType: 'user', text: 'An earlier question' },
    })
    const answer = await prisma.message.create({
      data: {
        accountId,
        conversationId: conversation.id,
        senderType: 'ai',
        text: 'An earlier answer',
        replyToId: asked.id,
      },
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
    const visitorChat = (held: boolean) =>
      prisma.conversation.create({
        data: {
          accountId,
          agentId: agent.id,
          name: 'Visitor chat',
          channel: 'widget',
          widgetIntegrationId: integration.id,
          visitorId: randomUUID(),
          ...(held ? { personUserId: actorId, personName: 'Someone' } : {}),
        },
      })
    const visitorConversation = await visitorChat(false)
    const lead = await prisma.lead.create({
      data: {
        accountId,
        agentId: agent.id,
        conversationId: visitorConversation.id,
        email: 'visitor@matrix.example.com',
      },
    })
    const channel = await prisma.messagingChannel.create({
      data: {
        accountId,
        agentId: agent.id,
        kind: 'messenger',
        externalId: freshMetaId(),
        displayName: 'Matrix Page',
        sealedAccessToken: 'sealed elsewhere',
      },
    })
    return {
      channelId: channel.id,
      channelPageId: channel.externalId,
      freePageId: freshMetaId(),
      visitorConversationId: visitorConversation.id,
      leadId: lead.id,
      heldConversationId: (await visitorChat(true)).id,
      agentId: agent.id,
      textId: text.id,
      documentId: document.id,
      websiteId: website.id,
      jobId: job.id,
      conversationId: conversation.id,
      messageId: message.id,
      answerId: answer.id,
      integrationId: integration.id,
    }
  }

  describe('the access matrix', () => {
    describe.each(Object.entries(routes))('%s', (_route, { need, call }) => {
      it.each(Object.keys(GRANTS))('as %s', async (actorName) => {
        const fixture = await freshFixture(actors[actorName]!.userId)
        const request = call(fixture)
        let pending = testApp.request[request.method](request.path).set(bearer(actors[actorName]!.access))
        pending = request.file
          ? pending.attach('document_file', Buffer.from('some text'), 'upload.txt')
          : request.body
            ? pending.send(request.body)
            : pending
        if (request.stream) pending = pending.buffer(true).parse(firstChunkOnly)
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

  if (!answeredPermissions) return
  describe("the agent's answers carry the caller's permissions", () => {
    it.each(Object.keys(GRANTS))('as %s', async (actorName) => {
      const { agentId } = await freshFixture(actors.owner!.userId)
      const auth = bearer(actors[actorName]!.access)
      const granted = GRANTS[actorName]!
      const detail = await testApp.request.get(`/api/agents/${agentId}/`).set(auth)
      const list = await testApp.request.get('/api/agents/?page_size=100').set(auth)
      const listed = (list.body.agents as { agent_id: string }[]).find((agent) => agent.agent_id === agentId)
      if (!granted.includes('read')) {
        expect(detail.status).toBe(404)
        expect(listed).toBeUndefined()
        return
      }
      const expected = { is_owner: actorName === 'owner', permissions: granted }
      expect(detail.body).toMatchObject(expected)
      expect(listed).toMatchObject(expected)
    })
  })
}
