// Issue 36, item 8: a visitor's erasure request met without deleting the agent. A lead is erased by the
// team (DELETE /api/agents/{agentId}/leads/{leadId}/) with everything the agent keeps about that visitor,
// or an address across the account's agents (POST /api/accounts/erase-visitor/): leads, conversations,
// messages, ratings, attached files, widget sessions, webhook deliveries and alert e-mails, with an audit
// line. Other visitors, and other accounts' visitors with the same address, are untouched.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LeadErasurePreviewSchema, VisitorErasureSchema } from '../../../server/leads/erasure.schemas.ts'
import { createFileStorage } from '../../../server/storage/create-file-storage.ts'
import type { FileStorage } from '../../../server/storage/file-storage.ts'
import { bearer, signUpProven, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { SECRET_KEY, SITE, newIntegration, start, UNLIMITED_VISITORS } from '../../support/widget-visitors.ts'

let testApp: TestApp
let storage: FileStorage
let owner: SignedUp
let other: SignedUp

beforeAll(async () => {
  testApp = await createTestApp({ SECRET_KEY, WORKER_IN_SERVER: 'false', ...UNLIMITED_VISITORS })
  storage = createFileStorage(testApp.config)
  owner = await signUpProven(testApp)
  other = await signUpProven(testApp)
})
afterAll(() => testApp.cleanup())

/** An agent of the account with a widget that collects e-mails and a webhook endpoint hearing every event. */
async function agentWithWidget(account: SignedUp, name: string) {
  const agentId = await createAgentFor(testApp, account, name)
  const integration = await newIntegration({ testApp, owner: account, agentId }, { collect_user_email: true })
  const endpoints = await testApp.database.prisma.webhookEndpoint.count({ where: { accountId: account.userId } })
  if (endpoints === 0)
    await testApp.database.prisma.webhookEndpoint.create({
      data: {
        accountId: account.userId,
        url: 'https://hooks.example.com/erase',
        events: ['contact.provided', 'handoff.requested'],
        sealedSecret: 'v1.placeholder',
      },
    })
  return { agentId, clientKey: integration.client_key, integrationId: integration.integration_id }
}

/**
 * A visitor who leaves their address in the widget (the real flow: a lead, its alert e-mail and its
 * contact.provided delivery), then writes with a file attached and rates an answer.
 */
async function visitorLeavesContact(agent: { agentId: string; clientKey: string }, email: string) {
  const session = await start(testApp, agent.clientKey)
  expect(session.status).toBe(201)
  const created = await testApp.request
    .post('/api/conversations/api/create/')
    .set({ Authorization: `Bearer ${session.body.token}`, Origin: SITE })
    .send({ visitor_email: email })
  expect(created.status).toBe(201)
  const conversationId = created.body.conversation_id as string
  const conversation = await testApp.database.prisma.conversation.findUniqueOrThrow({ where: { id: conversationId } })
  const fileKey = await writeWithFile(conversation)
  return { conversationId, visitorId: session.body.visitor_id as string, fileKey }
}

/** A question with a stored file attached, and an answer the visitor rated down with a comment. */
async function writeWithFile(conversation: { id: string; accountId: string }) {
  const { prisma } = testApp.database
  const fileKey = `widgets/erase/attachments/${conversation.id}/${randomUUID()}.txt`
  await storage.put(fileKey, Buffer.from('my passport scan'), 'text/plain')
  const question = await prisma.message.create({
    data: {
      accountId: conversation.accountId,
      conversationId: conversation.id,
      senderType: 'user',
      text: 'Here is my document',
      attachments: [{ name: 'scan.txt', content_type: 'text/plain', size: 16, key: fileKey }],
    },
  })
  const answer = await prisma.message.create({
    data: {
      accountId: conversation.accountId,
      conversationId: conversation.id,
      senderType: 'ai',
      text: 'Thanks',
      replyToId: question.id,
    },
  })
  await prisma.answerFeedback.create({
    data: {
      accountId: conversation.accountId,
      agentId: (await prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).agentId,
      conversationId: conversation.id,
      messageId: answer.id,
      rater: 'visitor:someone',
      rating: 'down',
      comment: 'Call me on 555-0100',
    },
  })
  return fileKey
}

/** A later chat from the same browser, with no address left in it. */
async function laterChatFromSameBrowser(agent: { agentId: string; integrationId: string }, visitorId: string) {
  const conversation = await testApp.database.prisma.conversation.create({
    data: {
      accountId: owner.userId,
      agentId: agent.agentId,
      name: 'Later chat',
      channel: 'widget',
      widgetIntegrationId: agent.integrationId,
      visitorId,
    },
  })
  return { conversationId: conversation.id, fileKey: await writeWithFile(conversation) }
}

const fileExists = async (key: string) => (await storage.get(key)) !== null

async function everythingAbout(conversationIds: string[]) {
  const { prisma } = testApp.database
  const deliveries = await prisma.webhookDelivery.findMany({ select: { id: true, payload: true } })
  const about = deliveries.filter((delivery) =>
    conversationIds.includes((delivery.payload as { data?: { conversation_id?: string } }).data?.conversation_id ?? ''),
  )
  return {
    conversations: await prisma.conversation.count({ where: { id: { in: conversationIds } } }),
    messages: await prisma.message.count({ where: { conversationId: { in: conversationIds } } }),
    feedback: await prisma.answerFeedback.count({ where: { conversationId: { in: conversationIds } } }),
    leads: await prisma.lead.count({ where: { conversationId: { in: conversationIds } } }),
    deliveries: about.length,
    deliveryJobs: await prisma.job.count({ where: { subjectId: { in: about.map((delivery) => delivery.id) } } }),
  }
}

const newLeadAlerts = (email: string) =>
  testApp.database.prisma.job.count({ where: { kind: 'send-email', dedupeKey: { contains: `:${email}:` } } })

const eraseLead = (account: SignedUp, agentId: string, leadId: string) =>
  testApp.request.delete(`/api/agents/${agentId}/leads/${leadId}/`).set(bearer(account.access))
const eraseVisitor = (account: SignedUp, body: object) =>
  testApp.request.post('/api/accounts/erase-visitor/').set(bearer(account.access)).send(body)

describe('erasing a lead', () => {
  it("deletes the lead and everything the agent keeps about that visitor, files included, and nobody else's", async () => {
    const frontDesk = await agentWithWidget(owner, 'Front desk')
    const sales = await agentWithWidget(owner, 'Sales')
    const ann = await visitorLeavesContact(frontDesk, 'ann@example.com')
    const annLater = await laterChatFromSameBrowser(frontDesk, ann.visitorId)
    const bob = await visitorLeavesContact(frontDesk, 'bob@example.com')
    const annAtSales = await visitorLeavesContact(sales, 'ann@example.com')
    const lead = await testApp.database.prisma.lead.findUniqueOrThrow({ where: { conversationId: ann.conversationId } })
    const annChats = [ann.conversationId, annLater.conversationId]
    expect(await everythingAbout(annChats)).toEqual({
      conversations: 2,
      messages: 5, // the start message, and a question and its answer in each chat
      feedback: 2,
      leads: 1,
      deliveries: 1,
      deliveryJobs: 1,
    })
    expect(await newLeadAlerts('ann@example.com')).toBe(2) // one per agent
    expect(await testApp.database.prisma.widgetSession.count({ where: { visitorId: ann.visitorId } })).toBe(1)

    const preview = await testApp.request
      .get(`/api/agents/${frontDesk.agentId}/leads/${lead.id}/erasure/`)
      .set(bearer(owner.access))
    expect(preview.status).toBe(200)
    expect(LeadErasurePreviewSchema.parse(preview.body)).toEqual({
      leads: 1,
      conversations: 2,
      messages: 5,
      attachments: 2,
    })
    expect(await everythingAbout(annChats)).toMatchObject({ conversations: 2, leads: 1 })

    const erased = await eraseLead(owner, frontDesk.agentId, lead.id)

    expect(erased.status).toBe(200)
    expect(VisitorErasureSchema.parse(erased.body)).toEqual({
      leads_deleted: 1,
      conversations_deleted: 2,
      messages_deleted: 5,
      attachments_deleted: 2,
      feedback_deleted: 2,
      widget_sessions_deleted: 1,
      webhook_deliveries_deleted: 1,
      alert_emails_deleted: 1,
    })
    expect(await everythingAbout(annChats)).toEqual({
      conversations: 0,
      messages: 0,
      feedback: 0,
      leads: 0,
      deliveries: 0,
      deliveryJobs: 0,
    })
    expect(await fileExists(ann.fileKey)).toBe(false)
    expect(await fileExists(annLater.fileKey)).toBe(false)
    expect(await testApp.database.prisma.widgetSession.count({ where: { visitorId: ann.visitorId } })).toBe(0)
    // Only this agent's alert about her went: the other agent's lead of the same address stays, as Bob's.
    expect(await newLeadAlerts('ann@example.com')).toBe(1)
    expect(await everythingAbout([annAtSales.conversationId])).toMatchObject({ conversations: 1, leads: 1 })
    expect(await fileExists(annAtSales.fileKey)).toBe(true)
    expect(await everythingAbout([bob.conversationId])).toMatchObject({ conversations: 1, messages: 3, leads: 1 })
    expect(await fileExists(bob.fileKey)).toBe(true)
    expect(await newLeadAlerts('bob@example.com')).toBe(1)

    const audit = await testApp.database.prisma.auditEvent.findMany({ where: { accountId: owner.userId } })
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actorUserId: owner.userId, action: 'lead.erased' })
    expect(audit[0]?.subject).toContain(lead.id)
    expect(audit[0]?.counts).toMatchObject({ conversations_deleted: 2, leads_deleted: 1 })
    const logged = testApp.logLines.filter((line) => line.msg === 'visitor data erased')
    expect(logged).toHaveLength(1)
    expect(JSON.stringify([audit, logged])).not.toContain('ann@example.com')
    expect(JSON.stringify([audit, logged])).toContain('a•••@example.com')

    expect((await eraseLead(owner, frontDesk.agentId, lead.id)).status).toBe(404)
  })

  it('answers 404 for a lead of another agent or another account, and 403 for a member who cannot edit the agent', async () => {
    const mine = await agentWithWidget(owner, 'Mine')
    const theirs = await agentWithWidget(other, 'Theirs')
    const theirVisitor = await visitorLeavesContact(theirs, 'carol@example.com')
    const theirLead = await testApp.database.prisma.lead.findUniqueOrThrow({
      where: { conversationId: theirVisitor.conversationId },
    })
    const notFound = await eraseLead(owner, mine.agentId, theirLead.id)
    expect(notFound.status).toBe(404)
    expect(notFound.body.message).toBe('Lead not found')
    expect((await eraseLead(owner, theirs.agentId, theirLead.id)).status).toBe(404)
    expect((await eraseLead(owner, mine.agentId, 'not-an-id')).status).toBe(404)
    expect(await everythingAbout([theirVisitor.conversationId])).toMatchObject({ conversations: 1, leads: 1 })

    const member = await signUpProven(testApp)
    const team = await testApp.database.prisma.team.create({ data: { accountId: owner.userId, name: 'Support' } })
    await testApp.database.prisma.teamAgent.create({
      data: { teamId: team.id, agentId: mine.agentId, accountId: owner.userId },
    })
    await testApp.database.prisma.teamMember.create({
      data: {
        accountId: owner.userId,
        teamId: team.id,
        userId: member.userId,
        name: 'M',
        email: member.email,
        role: 'member',
        status: 'active',
      },
    })
    const visitor = await visitorLeavesContact(mine, 'dan@example.com')
    const lead = await testApp.database.prisma.lead.findUniqueOrThrow({
      where: { conversationId: visitor.conversationId },
    })
    expect((await eraseLead(member, mine.agentId, lead.id)).status).toBe(403)
    expect(await everythingAbout([visitor.conversationId])).toMatchObject({ conversations: 1, leads: 1 })
  })
})

describe('erasing a visitor by e-mail address', () => {
  it("erases the address across the account's agents, never another account's visitor with the same address", async () => {
    const one = await agentWithWidget(owner, 'One')
    const two = await agentWithWidget(owner, 'Two')
    const foreign = await agentWithWidget(other, 'Foreign')
    const inOne = await visitorLeavesContact(one, 'eve@example.com')
    const inTwo = await visitorLeavesContact(two, 'eve@example.com')
    const elsewhere = await visitorLeavesContact(foreign, 'eve@example.com')
    const stranger = await visitorLeavesContact(one, 'frank@example.com')
    const auditBefore = await testApp.database.prisma.auditEvent.count({ where: { action: 'visitor.erased' } })

    const erased = await eraseVisitor(owner, { email: '  Eve@Example.com ' })

    expect(erased.status).toBe(200)
    expect(VisitorErasureSchema.parse(erased.body)).toMatchObject({
      leads_deleted: 2,
      conversations_deleted: 2,
      messages_deleted: 6,
      attachments_deleted: 2,
      feedback_deleted: 2,
      widget_sessions_deleted: 2,
      webhook_deliveries_deleted: 2,
      alert_emails_deleted: 2,
    })
    expect(await everythingAbout([inOne.conversationId, inTwo.conversationId])).toEqual({
      conversations: 0,
      messages: 0,
      feedback: 0,
      leads: 0,
      deliveries: 0,
      deliveryJobs: 0,
    })
    expect(await fileExists(inOne.fileKey)).toBe(false)
    expect(await fileExists(inTwo.fileKey)).toBe(false)
    expect(await everythingAbout([elsewhere.conversationId])).toMatchObject({
      conversations: 1,
      messages: 3,
      leads: 1,
      deliveries: 1,
    })
    expect(await fileExists(elsewhere.fileKey)).toBe(true)
    expect(await everythingAbout([stranger.conversationId])).toMatchObject({ conversations: 1, leads: 1 })
    const audit = await testApp.database.prisma.auditEvent.findMany({ where: { action: 'visitor.erased' } })
    expect(audit).toHaveLength(auditBefore + 1)
    expect(audit.at(-1)).toMatchObject({
      accountId: owner.userId,
      actorUserId: owner.userId,
      subject: 'e•••@example.com',
    })
  })

  it('answers the same shape with zero counts for an address that matches nothing, and writes the audit line', async () => {
    const erased = await eraseVisitor(owner, { email: 'nobody@example.com' })
    expect(erased.status).toBe(200)
    expect(Object.values(VisitorErasureSchema.parse(erased.body))).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
    const audit = await testApp.database.prisma.auditEvent.findMany({ where: { subject: 'n•••@example.com' } })
    expect(audit).toHaveLength(1)
  })

  it('refuses a bad address, an unknown field, an account API key, and anyone but the owner and team admins', async () => {
    const missing = await eraseVisitor(owner, {})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe("Enter the visitor's e-mail address.")
    const invalid = await eraseVisitor(owner, { email: 'not an address' })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toBe('Please enter a valid email address')
    const unknown = await eraseVisitor(owner, { email: 'a@example.com', agent_id: randomUUID() })
    expect(unknown.status).toBe(400)
    expect(JSON.stringify(unknown.body)).toContain('agent_id')

    const key = await testApp.request
      .post('/api/accounts/api-keys/')
      .set(bearer(owner.access))
      .send({ name: 'GDPR bot', environment: 'production' })
    expect(key.status).toBe(201)
    const byKey = await testApp.request
      .post('/api/accounts/erase-visitor/')
      .set(bearer(key.body.key as string))
      .send({ email: 'a@example.com' })
    expect(byKey.status).toBe(403)

    // Someone else's account: not found, whatever their standing elsewhere.
    const outsider = await eraseVisitor(other, { email: 'a@example.com', account_id: owner.userId })
    expect(outsider.status).toBe(404)
    expect(outsider.body.message).toBe('Account not found')
  })

  it("lets a team admin erase across the agents of their teams only, and refuses the team's members", async () => {
    const teamAgent = await agentWithWidget(owner, 'Team agent')
    const ownerOnly = await agentWithWidget(owner, 'Owner only')
    const inTeam = await visitorLeavesContact(teamAgent, 'gail@example.com')
    const outside = await visitorLeavesContact(ownerOnly, 'gail@example.com')
    const team = await testApp.database.prisma.team.create({ data: { accountId: owner.userId, name: 'Admins' } })
    await testApp.database.prisma.teamAgent.create({
      data: { teamId: team.id, agentId: teamAgent.agentId, accountId: owner.userId },
    })
    const join = async (role: 'admin' | 'member') => {
      const account = await signUpProven(testApp)
      await testApp.database.prisma.teamMember.create({
        data: {
          accountId: owner.userId,
          teamId: team.id,
          userId: account.userId,
          name: role,
          email: account.email,
          role,
          status: 'active',
        },
      })
      return account
    }
    const admin = await join('admin')
    const member = await join('member')

    expect((await eraseVisitor(member, { email: 'gail@example.com', account_id: owner.userId })).status).toBe(404)
    expect(await everythingAbout([inTeam.conversationId])).toMatchObject({ conversations: 1, leads: 1 })

    const erased = await eraseVisitor(admin, { email: 'gail@example.com', account_id: owner.userId })
    expect(erased.status).toBe(200)
    expect(erased.body).toMatchObject({ leads_deleted: 1, conversations_deleted: 1 })
    expect(await everythingAbout([inTeam.conversationId])).toMatchObject({ conversations: 0, leads: 0 })
    expect(await everythingAbout([outside.conversationId])).toMatchObject({ conversations: 1, leads: 1 })
    const audit = await testApp.database.prisma.auditEvent.findFirst({
      where: { actorUserId: admin.userId },
      orderBy: { createdAt: 'desc' },
    })
    expect(audit).toMatchObject({ accountId: owner.userId, action: 'visitor.erased' })
  })
})
