// Issue 21, leads (and issue 20's new-lead alert): the e-mail a visitor leaves when the integration
// collects it becomes one of the agent's leads, listed and searched for the agent's readers, exported as
// CSV (formula-safe), and e-mailed to the owner and the admins of the agent's teams once per lead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LeadListSchema } from '../../../server/leads/leads.schemas.ts'
import { bearer, signUp, signUpProven, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { queuedEmailsTo } from '../../support/queued-emails.ts'
import { SECRET_KEY, SITE, newIntegration, start, UNLIMITED_VISITORS } from '../../support/widget-visitors.ts'

let testApp: TestApp
let owner: SignedUp
let agentId: string
let clientKey: string

beforeAll(async () => {
  testApp = await createTestApp({
    SECRET_KEY,
    WORKER_IN_SERVER: 'false',
    PUBLIC_URL: 'https://chat.example.com',
    ...UNLIMITED_VISITORS,
  })
  owner = await signUpProven(testApp)
  agentId = await createAgentFor(testApp, owner, 'Front desk')
  clientKey = (await newIntegration({ testApp, owner, agentId }, { collect_user_email: true })).client_key
})
afterAll(() => testApp.cleanup())

/** A visitor who starts a chat leaving `fields` (visitor_email, visitor_name, page_url). */
async function leaveContact(fields: Record<string, unknown>) {
  const session = await start(testApp, clientKey)
  const auth = { Authorization: `Bearer ${session.body.token}`, Origin: SITE }
  return testApp.request.post('/api/conversations/api/create/').set(auth).send(fields)
}
const leadsOf = (account: SignedUp, query: Record<string, string> = {}) =>
  testApp.request.get(`/api/agents/${agentId}/leads/`).query(query).set(bearer(account.access))

describe('leads', () => {
  it('keeps the contact a visitor leaves, with the page and conversation, and alerts the owner once', async () => {
    const created = await leaveContact({
      visitor_email: 'Ann@Example.com',
      visitor_name: 'Ann Lee',
      page_url: 'https://shop.example.com/pricing',
    })
    expect(created.status).toBe(201)
    const list = LeadListSchema.parse((await leadsOf(owner)).body)
    expect(list.leads[0]).toMatchObject({
      email: 'ann@example.com',
      name: 'Ann Lee',
      page_url: 'https://shop.example.com/pricing',
      website_name: 'Shop',
      conversation_id: created.body.conversation_id,
    })
    const alerts = (await queuedEmailsTo(testApp, owner.email)).filter((email) => email.subject.startsWith('New lead'))
    expect(alerts.map((email) => email.subject)).toEqual(['New lead: ann@example.com · AgentDesk'])
    expect(alerts[0]?.text).toContain('https://shop.example.com/pricing')
    expect(alerts[0]?.text).toContain(`https://chat.example.com/app/agents/${agentId}?tab=leads`)
  })

  it('keeps the page as a bare address, and drops one it cannot use without refusing the chat', async () => {
    const pageOf = async (page_url: unknown) => {
      const created = await leaveContact({ visitor_email: 'page@example.com', page_url })
      expect(created.status).toBe(201)
      const lead = await testApp.database.prisma.lead.findUniqueOrThrow({
        where: { conversationId: created.body.conversation_id },
      })
      return lead.pageUrl
    }
    expect(await pageOf('https://user:pw@shop.example.com/cart?token=secret#pay')).toBe('https://shop.example.com/cart')
    expect(await pageOf('https://shop.example.com/ URGENT: call us')).toBe(
      'https://shop.example.com/%20URGENT:%20call%20us',
    )
    for (const unusable of [
      'javascript:alert(1)',
      `https://shop.example.com/${'x'.repeat(3_000)}`,
      42,
      null,
      'no page',
    ])
      expect(await pageOf(unusable)).toBeNull()
  })

  it('alerts once per address and day, and at most 20 an hour per agent', async () => {
    const alertsAbout = async (email: string) =>
      (await queuedEmailsTo(testApp, owner.email)).filter((mail) => mail.subject === `New lead: ${email} · AgentDesk`)
    await leaveContact({ visitor_email: 'twice@example.com' })
    await leaveContact({ visitor_email: 'twice@example.com' })
    expect(await alertsAbout('twice@example.com')).toHaveLength(1)
    // Leads made an hour ago do not count; these 20 from now do.
    const flood = Array.from({ length: 21 }, (_, index) => `flood-${index}@example.com`)
    for (const email of flood) await leaveContact({ visitor_email: email })
    const recent = await testApp.database.prisma.lead.count({
      where: { agentId, createdAt: { gte: new Date(Date.now() - 3_600_000) } },
    })
    const sentForFlood = (await Promise.all(flood.map(alertsAbout))).filter((mails) => mails.length > 0).length
    expect(sentForFlood).toBe(Math.max(0, 20 - (recent - flood.length)))
    expect(await testApp.database.prisma.lead.count({ where: { email: { startsWith: 'flood-' } } })).toBe(21)
  })

  it('alerts only a proven owner: visitors’ words never go to an address nobody proved', async () => {
    const unproven = await signUp(testApp)
    const theirAgent = await createAgentFor(testApp, unproven, 'Unproven desk')
    const key = (await newIntegration({ testApp, owner: unproven, agentId: theirAgent }, { collect_user_email: true }))
      .client_key
    const session = await start(testApp, key)
    const created = await testApp.request
      .post('/api/conversations/api/create/')
      .set({ Authorization: `Bearer ${session.body.token}`, Origin: SITE })
      .send({ visitor_email: 'spam@example.com' })
    expect(created.status).toBe(201)
    expect(
      (await queuedEmailsTo(testApp, unproven.email)).filter((mail) => mail.subject.startsWith('New lead')),
    ).toEqual([])
  })

  it('searches by e-mail, name or page, newest first, a page at a time', async () => {
    for (const email of ['search-one@example.com', 'search-two@example.com', 'other@example.org'])
      expect((await leaveContact({ visitor_email: email })).status).toBe(201)
    const found = LeadListSchema.parse((await leadsOf(owner, { search: 'SEARCH-', page_size: '1' })).body)
    expect(found.leads.map((lead) => lead.email)).toEqual(['search-two@example.com'])
    expect(found.pagination).toMatchObject({ total_count: 2, total_pages: 2, page: 1 })
    expect(
      (await leadsOf(owner, { search: 'pricing' })).body.leads.map((lead: { email: string }) => lead.email),
    ).toEqual(['ann@example.com'])
  })

  it('exports every matching lead as CSV that a spreadsheet will not run', async () => {
    await leaveContact({ visitor_email: 'formula@example.com', visitor_name: '=HYPERLINK("https://evil.example")' })
    const csv = await leadsOf(owner, { format: 'csv', search: 'formula@' })
    expect(csv.status).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="leads-${agentId}.csv"`)
    const [header, row, end] = csv.text.split('\r\n')
    expect(header).toBe('email,name,page_url,website_name,conversation_id,created_at')
    expect(row).toMatch(/^formula@example\.com,"'=HYPERLINK\(""https:\/\/evil\.example""\)",,Shop,[0-9a-f-]{36},\d{4}-/)
    expect(end).toBe('')
    const all = await leadsOf(owner, { format: 'csv' })
    expect(all.text.trim().split('\r\n')).toHaveLength(
      1 + (await testApp.database.prisma.lead.count({ where: { agentId } })),
    )
  })

  it('is for the agent’s readers only, as JSON or CSV', async () => {
    const stranger = await signUp(testApp)
    for (const format of ['json', 'csv']) {
      const refused = await leadsOf(stranger, { format })
      expect(refused.status).toBe(404)
      expect(refused.body.message).toBe('Agent not found')
    }
    expect((await leadsOf(owner, { format: 'xml' })).status).toBe(400)
  })
})
