// @database-specific: webhook deliveries race across processes
// Issue 17: two server processes on one PostgreSQL receive the same Stripe events at the same instant
// (Stripe retries, or two deliveries behind a load balancer): each event applies once, and the account
// ends with one current subscription, whatever process answered. PostgreSQL only: PGlite serves one process.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../../../server/db/database.ts'
import { callApi, registerAccount } from '../../support/call-api.ts'
import { createDatabaseLocation, openDatabaseAt, type DatabaseLocation } from '../../support/create-test-database.ts'
import { startFakeStripe, stripeConfigFor, type FakeStripe, type FakeStripeEvent } from '../../support/fake-stripe.ts'
import { spawnServer, type SpawnedServer } from '../../support/spawn-server.ts'

describe.runIf(inject('databaseKind') === 'postgres')(
  'two server processes receiving the same Stripe events at once',
  () => {
    const servers: SpawnedServer[] = []
    let fake: FakeStripe
    let location: DatabaseLocation
    let database: Database

    beforeAll(async () => {
      fake = await startFakeStripe()
      location = await createDatabaseLocation()
      const env = { DATA_DIR: location.DATA_DIR, DATABASE_URL: location.DATABASE_URL, ...stripeConfigFor(fake) }
      servers.push(await spawnServer(env))
      servers.push(await spawnServer(env))
      database = await openDatabaseAt(location)
    })
    afterAll(async () => {
      for (const server of servers.splice(0)) {
        server.child.kill('SIGKILL')
        await server.exited
      }
      await database?.close()
      await location?.destroy()
      await fake?.close()
    })

    /** Every event to both processes, three times each, all at once. */
    async function deliverEverywhere(events: FakeStripeEvent[]) {
      const deliveries = events.flatMap((event) =>
        [0, 1, 0, 1, 0, 1].map((index) => ({ event, server: servers[index]! })),
      )
      return Promise.all(
        deliveries.map(async ({ event, server }) => {
          const signed = fake.sign(event)
          const response = await fetch(`${server.baseUrl}/api/plans/webhook/`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signed.signature },
            body: signed.body,
          })
          return {
            status: response.status,
            body: (await response.json()) as { received?: boolean; duplicate?: boolean },
          }
        }),
      )
    }

    it('applies each event once: one active subscription, the trial ended, renewals followed', async () => {
      const email = `stripe-race-${Date.now()}@example.com`
      const { access } = await registerAccount(servers[0]!.baseUrl, {
        email,
        password: 'Correct-Horse-9',
        full_name: 'Stripe Race',
      })
      const account = await database.prisma.user.findUniqueOrThrow({ where: { email } })
      const started = await callApi<{ checkout_url: string }>(
        servers[1]!.baseUrl,
        access,
        '/plans/create-checkout-session/',
        { price_id: 4 },
      )
      const sessionId = new URL(started.checkout_url).pathname.split('/').pop()!
      const events = fake.completeCheckout(sessionId)

      const answers = await deliverEverywhere(events)
      expect(answers.every((answer) => answer.status === 200)).toBe(true)
      // Each event was applied by exactly one delivery; the others found it recorded.
      expect(answers.filter((answer) => !answer.body.duplicate)).toHaveLength(events.length)
      expect(
        await database.prisma.providerEvent.count({ where: { id: { in: events.map((event) => event.id) } } }),
      ).toBe(events.length)
      const subscriptions = await database.prisma.subscription.findMany({
        where: { accountId: account.id },
        orderBy: { createdAt: 'asc' },
      })
      expect(subscriptions.map((row) => [row.provider, row.status, row.currentKey !== null])).toEqual([
        ['trial', 'cancelled', false],
        ['stripe', 'active', true],
      ])

      const subscriptionId = String(fake.checkoutSessions.get(sessionId)?.subscription)
      const periodEnd = subscriptions[1]!.currentPeriodEnd
      const renewal = fake.renew(subscriptionId)
      expect((await deliverEverywhere(renewal)).filter((answer) => !answer.body.duplicate)).toHaveLength(renewal.length)
      const renewed = await database.prisma.subscription.findUniqueOrThrow({ where: { currentKey: account.id } })
      expect(renewed.id).toBe(subscriptions[1]!.id)
      expect(renewed.currentPeriodEnd.getTime()).toBeGreaterThan(periodEnd.getTime())
      expect(await database.prisma.subscription.count({ where: { accountId: account.id } })).toBe(2)
    })
  },
)
