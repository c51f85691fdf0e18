// The app the malformed-input walk and the control-character checks drive: every limit out of the way,
// the Shopify app proxy mounted, an owner, a team member, and a widget visitor with a conversation.
import { randomUUID } from 'node:crypto'
import { createFileStorage } from '../../server/storage/create-file-storage.ts'
import { signUp, type SignedUp } from './accounts.ts'
import { createTestApp, type TestApp } from './create-test-app.ts'
import { ANY_GRAPH_ID, metaToken, startFakeMetaGraph } from './fake-meta-graph.ts'

export const PROXY_SECRET = 'shpss_malformed_input_secret'
export const SITE = 'https://shop.example.com'
/** The walk's Graph API stand-in takes `${WALK_META_TOKEN}.<id>` as any Page's token (connecting a channel checks it at Meta). */
export const WALK_META_TOKEN = metaToken()

export interface WalkApp {
  testApp: TestApp
  owner: SignedUp
  member: SignedUp
  /** The visitor's side: a widget token for a shared integration, and the visitor's conversation. */
  widget: { clientKey: string; integrationId: string; token: string; conversationId: string }
}

export async function startWalkApp(): Promise<WalkApp> {
  const graph = await startFakeMetaGraph()
  graph.objects.set(ANY_GRAPH_ID, { token: WALK_META_TOKEN, fields: { name: 'Walk Page' } })
  const started = await createTestApp({
    ...graph.config,
    // Meta's callback is mounted whole (without these it answers 503): the walk's probes are unsigned.
    META_APP_SECRET: 'walk-meta-app-secret',
    META_VERIFY_TOKEN: 'walk-meta-verify-token',
    WORKER_IN_SERVER: 'false',
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    WIDGET_SESSIONS_PER_IP_PER_HOUR: '1000000',
    WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE: '1000000',
    WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE: '1000000',
    // The app proxy is mounted only with the Shopify app's credentials.
    SHOPIFY_API_KEY: 'malformed-input-api-key',
    SHOPIFY_API_SECRET: PROXY_SECRET,
    PUBLIC_URL: 'https://agentdesk.example',
    // The Shopify app would make plans' limits apply (decision 028); the walk creates far more than a plan allows.
    BILLING_MODE: 'unlimited',
  })
  const testApp: TestApp = {
    ...started,
    cleanup: async () => {
      await started.cleanup()
      await graph.close()
    },
  }
  const owner = await signUp(testApp, { email: `owner-${randomUUID()}@walk.example.com` })
  const member = await signUp(testApp, { email: `member-${randomUUID()}@walk.example.com` })
  const shared = await freshFixture({ testApp, owner, member })
  const start = await testApp.request
    .post('/api/conversations/api/start-chat-widget/')
    .set('Origin', SITE)
    .send({ client_key: shared.clientKey })
  const conversation = await testApp.request
    .post('/api/conversations/api/create/')
    .set({ Authorization: `Bearer ${start.body.token}`, Origin: SITE })
    .send({})
  if (conversation.status !== 201)
    throw new Error(`widget conversation: ${conversation.status} ${JSON.stringify(conversation.body)}`)
  const widget = {
    clientKey: shared.clientKey,
    integrationId: shared.integrationId,
    token: start.body.token,
    conversationId: conversation.body.conversation_id,
  }
  return { testApp, owner, member, widget }
}

export interface Fixture {
  agentId: string
  textId: string
  documentId: string
  websiteId: string
  jobId: string
  conversationId: string
  messageId: string
  integrationId: string
  clientKey: string
  teamId: string
  teamMemberId: string
  /** A member invited and not joined: what resend-invitation and revoke-invitation act on. */
  invitedMemberId: string
  apiKeyId: string
  /** A website visitor's chat the owner is in. */
  heldConversationId: string
  /** An outgoing webhook endpoint of the owner (its secret a placeholder: nothing is sent to it). */
  webhookEndpointId: string
  /** A lead the visitor of the held chat left. */
  leadId: string
  /** A messaging channel (a Facebook Page) of the agent, and its Page id. */
  channelId: string
  channelPageId: string
  /** A Page id no agent has yet: `${WALK_META_TOKEN}.<id>` is its token at the walk's Graph API stand-in. */
  freePageId: string
}

// A fresh agent of the owner with one of everything: a destructive call in one route's battery never
// leaves the next route without something to act on.
export async function freshFixture({
  testApp,
  owner,
  member,
}: Pick<WalkApp, 'testApp' | 'owner' | 'member'>): Promise<Fixture> {
  const { prisma } = testApp.database
  const accountId = owner.userId
  const agent = await prisma.agent.create({ data: { accountId, name: 'Walk agent' } })
  const text = await prisma.text.create({
    data: { accountId, agentId: agent.id, title: 'T', content: 'Some content to answer from.' },
  })
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
    data: { accountId, agentId: agent.id, name: 'Walk chat', startedByUserId: owner.userId },
  })
  const message = await prisma.message.create({
    data: { accountId, conversationId: conversation.id, senderType: 'user', text: 'Hi', answerError: 'unavailable' },
  })
  const clientKey = `wk_${randomUUID().replaceAll('-', '').slice(0, 24)}`
  const integration = await prisma.widgetIntegration.create({
    data: {
      accountId,
      agentId: agent.id,
      clientKey,
      websiteName: 'Shop',
      websiteDomain: 'shop.example.com',
      startMessage: 'Hi',
      humanHandoff: true,
    },
  })
  // A visitor's chat the owner is in (live takeover): joining again, writing and handing back all answer.
  const heldChat = await prisma.conversation.create({
    data: {
      accountId,
      agentId: agent.id,
      name: 'Held chat',
      channel: 'widget',
      widgetIntegrationId: integration.id,
      visitorId: `v_${randomUUID()}`,
      personUserId: accountId,
      personName: 'Walker',
    },
  })
  const team = await prisma.team.create({ data: { accountId, name: 'Walk team' } })
  await prisma.teamAgent.create({ data: { teamId: team.id, agentId: agent.id, accountId } })
  const teamMember = await prisma.teamMember.create({
    data: {
      accountId,
      teamId: team.id,
      userId: member.userId,
      name: 'Member',
      email: member.email,
      role: 'member',
      status: 'active',
    },
  })
  // A change of sign-in e-mail waiting for its link, for change-email/cancel/ to withdraw.
  await prisma.user.update({
    where: { id: owner.userId },
    data: { pendingEmail: `pending-${randomUUID()}@walk.example.com` },
  })
  const invited = await prisma.teamMember.create({
    data: {
      accountId,
      teamId: team.id,
      name: 'Invited',
      email: `invited-${randomUUID()}@walk.example.com`,
      status: 'pending',
      invitedAt: new Date(),
    },
  })
  const apiKey = await prisma.apiKey.create({
    data: {
      accountId,
      name: 'Walk key',
      environment: 'production',
      keyHash: randomUUID().replaceAll('-', ''),
      lastFour: 'walk',
    },
  })
  const endpoint = await prisma.webhookEndpoint.create({
    data: { accountId, url: 'https://hooks.example.com/walk', events: ['custom.event'], sealedSecret: 'v1.walk' },
  })
  const lead = await prisma.lead.create({
    data: {
      accountId,
      agentId: agent.id,
      conversationId: heldChat.id,
      email: `visitor-${randomUUID()}@walk.example.com`,
    },
  })
  const newMetaId = () => String(BigInt(`0x${randomUUID().replaceAll('-', '').slice(0, 14)}`))
  const channel = await prisma.messagingChannel.create({
    data: {
      accountId,
      agentId: agent.id,
      kind: 'messenger',
      externalId: newMetaId(),
      displayName: 'Walk Page',
      sealedAccessToken: 'sealed elsewhere',
    },
  })
  return {
    channelId: channel.id,
    channelPageId: channel.externalId,
    freePageId: newMetaId(),
    leadId: lead.id,
    webhookEndpointId: endpoint.id,
    heldConversationId: heldChat.id,
    agentId: agent.id,
    textId: text.id,
    documentId: document.id,
    websiteId: website.id,
    jobId: job.id,
    conversationId: conversation.id,
    messageId: message.id,
    integrationId: integration.id,
    clientKey,
    teamId: team.id,
    teamMemberId: teamMember.id,
    invitedMemberId: invited.id,
    apiKeyId: apiKey.id,
  }
}
