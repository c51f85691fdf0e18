// @database-specific: caps raced over two connection pools
// Issue 36: three caps counted and then wrote, so two processes could each pass them. Here two pools
// (as two server processes have) race for each: 10 webhook endpoints an account, 20 new-lead and 20
// person-requested alerts an agent an hour. PostgreSQL only: PGlite serves one connection, in turn.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { captureLead } from '../../server/leads/capture-lead.ts'
import { createEndpoint } from '../../server/webhooks/manage-endpoints.ts'
import { requestPerson } from '../../server/widgets/public/request-person.ts'
import type { WidgetCaller } from '../../server/widgets/public/require-widget-caller.ts'
import { createDatabaseLocation, openDatabaseAt, type DatabaseLocation } from '../support/create-test-database.ts'

// Fourteen a pool, each with a connection of its own: they wait on the cap, not for a connection.
const RACERS = 28
const LINK_BASE = 'https://dashboard.example'

describe.runIf(inject('databaseKind') === 'postgres')('caps raced for on two pools of connections', () => {
  let location: DatabaseLocation
  let pools: Database[]
  let accountId: string
  let agentId: string

  beforeAll(async () => {
    location = await createDatabaseLocation()
    pools = [await openDatabaseAt(location, { poolSize: 14 }), await openDatabaseAt(location, { poolSize: 14 })]
    const prisma = pools[0]!.prisma
    accountId = (
      await prisma.user.create({
        data: { email: 'owner@caps.example', fullName: 'Owner', emailVerifiedAt: new Date() },
      })
    ).id
    agentId = (await prisma.agent.create({ data: { accountId, name: 'Capped' } })).id
  })
  afterAll(async () => {
    for (const pool of pools ?? []) await pool.close()
    await location?.destroy()
  })

  const poolFor = (index: number) => pools[index % 2]!
  const alertsQueued = (kind: string) =>
    pools[0]!.prisma.job.count({ where: { kind: 'send-email', dedupeKey: { startsWith: `email:alert:${kind}:` } } })

  it('creates at most 10 webhook endpoints an account, the rest refused', async () => {
    const actor = { userId: accountId, email: 'owner@caps.example', fullName: 'Owner', sessionId: 'race' }
    const results = await Promise.allSettled(
      Array.from({ length: RACERS }, (_, index) =>
        createEndpoint(poolFor(index), {
          actor,
          sealingKey: randomBytes(32),
          input: { url: `https://hooks.example/${index}`, events: ['conversation.started'] },
        }),
      ),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10)
    expect(await pools[0]!.prisma.webhookEndpoint.count({ where: { accountId } })).toBe(10)
  })

  it('queues at most 20 new-lead alerts an agent an hour', async () => {
    const conversations = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        pools[0]!.prisma.conversation.create({ data: { accountId, agentId, name: `Lead ${index}` } }),
      ),
    )
    await Promise.all(
      conversations.map((conversation, index) =>
        poolFor(index).prisma.$transaction((tx) =>
          captureLead(tx, {
            accountId,
            agentId,
            agentName: 'Capped',
            conversationId: conversation.id,
            email: `visitor${index}@caps.example`,
            linkBase: LINK_BASE,
          }),
        ),
      ),
    )
    expect(await pools[0]!.prisma.lead.count({ where: { agentId } })).toBe(RACERS)
    expect(await alertsQueued('new_lead')).toBe(20)
  })

  it('queues at most 20 person-requested alerts an agent an hour', async () => {
    const prisma = pools[0]!.prisma
    const integration = await prisma.widgetIntegration.create({
      data: {
        clientKey: `caps-${Date.now()}`,
        accountId,
        agentId,
        websiteName: 'Caps shop',
        websiteDomain: 'caps.example',
        startMessage: 'Hello',
        humanHandoff: true,
      },
    })
    const agent = await prisma.agent.findUniqueOrThrow({ where: { id: agentId } })
    const caller = { integration, agent } as WidgetCaller
    const conversations = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        prisma.conversation.create({ data: { accountId, agentId, name: `Asks ${index}` } }),
      ),
    )
    await Promise.all(
      conversations.map((conversation, index) =>
        requestPerson(poolFor(index), { caller, conversationId: conversation.id, linkBase: LINK_BASE }),
      ),
    )
    expect(await prisma.conversation.count({ where: { agentId, personRequestedAt: { not: null } } })).toBe(RACERS)
    expect(await alertsQueued('person_requested')).toBe(20)
  })
})
