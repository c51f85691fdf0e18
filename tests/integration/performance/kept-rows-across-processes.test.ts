// @database-specific: change signals (NOTIFY) between processes
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createHttpApp } from '../../../server/http/create-http-app.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { openPostgresDatabase } from '../../../server/db/open-postgres-database.ts'
import type { Database } from '../../../server/db/database.ts'
import supertest from 'supertest'
import { bearer, signUp } from '../../support/accounts.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { chat, newIntegration, visitor, type WidgetVisitor, UNLIMITED_VISITORS } from '../../support/widget-visitors.ts'

// Each process keeps the widget session, the integration and the account's subscription. A change made
// through another process (another database connection pool, other caches) reaches it by the triggers'
// NOTIFY: the next messages see it, never a stale copy for long.
const isPostgres = inject('databaseKind') === 'postgres'

describe.runIf(isPostgres)('rows kept by one process, changed through another', () => {
  let testbed: ChatTestbed
  let other: { request: supertest.Agent; database: Database; close(): Promise<void> }
  let guest: WidgetVisitor
  let integrationId: string

  beforeAll(async () => {
    testbed = await startChatTestbed({
      BILLING_MODE: 'enforced',
      ...UNLIMITED_VISITORS,
    })
    const database = await openPostgresDatabase(String(testbed.testApp.config.DATABASE_URL), 3)
    const app = await createHttpApp({
      config: testbed.testApp.config,
      database,
      logger: createLogger({ ...testbed.testApp.config, LOG_LEVEL: 'silent' }),
    })
    other = {
      request: supertest(app),
      database,
      close: async () => {
        await app.close()
        await database.close()
      },
    }
    const created = await newIntegration(testbed)
    integrationId = created.integration_id
    guest = await visitor(testbed.testApp, created.client_key)
    expect((await chat(testbed.testApp, guest.auth, guest.conversationId)).status).toBe(200)
  })
  afterAll(async () => {
    await other.close()
    await testbed.close()
  })

  const asked = () => chat(testbed.testApp, guest.auth, guest.conversationId, 'Can I return it?')
  const integration = `/api/agents/${'{agent}'}/integrations/frontend/`

  it('a widget switched off elsewhere is refused here, and answers again once switched on', async () => {
    const path = `${integration.replace('{agent}', testbed.agentId)}${integrationId}/`
    const off = await other.request.put(path).set(bearer(testbed.owner.access)).send({ is_active: false })
    expect(off.body.is_active).toBe(false)
    await expect.poll(async () => (await asked()).status, { timeout: 10_000 }).not.toBe(200)
    expect((await asked()).body.message).toMatch(/not available/i)
    await other.request.put(path).set(bearer(testbed.owner.access)).send({ is_active: true })
    await expect.poll(async () => (await asked()).status, { timeout: 10_000 }).toBe(200)
  })

  it('a text deleted elsewhere is no longer cited here, though the question was asked before', async () => {
    const question = 'How many days do I have to return a product?'
    const cites = async () => {
      const response = await chat(testbed.testApp, guest.auth, guest.conversationId, question)
      expect(response.status).toBe(200)
      return (response.body.ai_message.sources as unknown[]).length
    }
    // Asked twice: this process keeps the question's plan and the passage it cites.
    expect(await cites()).toBe(1)
    expect(await cites()).toBe(1)
    const text = await testbed.testApp.database.prisma.text.findFirstOrThrow({ where: { agentId: testbed.agentId } })
    const deleted = await other.request
      .delete(`/api/agents/${testbed.agentId}/texts/${text.id}/delete/`)
      .set(bearer(testbed.owner.access))
    expect(deleted.status).toBeLessThan(300)
    await expect.poll(cites, { timeout: 10_000 }).toBe(0)
  })

  it('a session ended elsewhere is refused here, and a name changed elsewhere is read here', async () => {
    const member = await signUp(testbed.testApp)
    const profile = () => testbed.testApp.request.get('/api/accounts/profile/').set(bearer(member.access))
    expect((await profile()).status).toBe(200)
    expect((await profile()).status).toBe(200)
    const renamed = await other.request
      .put('/api/accounts/profile/')
      .set(bearer(member.access))
      .send({ full_name: 'Renamed Elsewhere' })
    expect(renamed.status).toBe(200)
    await expect.poll(async () => (await profile()).body.full_name, { timeout: 10_000 }).toBe('Renamed Elsewhere')
    const out = await other.request.post('/api/accounts/logout/').send({ refresh_token: member.refresh })
    expect(out.status).toBe(200)
    await expect.poll(async () => (await profile()).status, { timeout: 10_000 }).toBe(401)
  })

  it('a subscription ended elsewhere stops the answers here', async () => {
    await other.database.prisma.subscription.updateMany({
      where: { accountId: testbed.owner.userId },
      data: { status: 'cancelled' },
    })
    // The visitor is told politely; the owner's plan is the reason.
    await expect.poll(async () => (await asked()).body.reason, { timeout: 10_000 }).toBe('assistant_paused')
  })
})
