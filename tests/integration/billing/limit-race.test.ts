// @database-specific: limits raced across processes and connections
// Issue 16: a plan's last places, raced for by two server processes on one PostgreSQL. 50 requests at
// once, split between the processes, for the last 5 agents and the last 5 messages: exactly 5 pass. The
// agents hold because creations queue on the account's advisory lock; the messages because the check and
// the increment are one conditional statement. PostgreSQL only: PGlite serves a single process.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { setPlan } from '../../../server/billing/set-plan.ts'
import type { Database } from '../../../server/db/database.ts'
import { callApi, registerAccount } from '../../support/call-api.ts'
import { createDatabaseLocation, openDatabaseAt, type DatabaseLocation } from '../../support/create-test-database.ts'
import { spawnServer, type SpawnedServer } from '../../support/spawn-server.ts'

const RACERS = 50
const LEFT = 5
// Two agents and two messages exist before the race: the plan's 7 leaves 5 of each.
const LIMIT = 7
const TINY_PLAN = {
  id: 50,
  name: 'Tiny',
  conversationLimit: 100,
  messageLimit: LIMIT,
  tokenLimit: 1_000_000_000n,
  widgetLimit: 1,
  teamMemberLimit: 1,
  agentLimit: LIMIT,
}

interface Answer {
  status: number
  body: { error?: string; metric?: string; limit?: number; used?: number }
}

describe.runIf(inject('databaseKind') === 'postgres')(
  'two server processes racing for the last places of a plan (BILLING_MODE=enforced)',
  () => {
    const servers: SpawnedServer[] = []
    let location: DatabaseLocation
    let database: Database
    let access: string
    let accountId: string
    let agentId: string

    beforeAll(async () => {
      location = await createDatabaseLocation()
      // No LLM configured: the offline answerer replies at once. Chat rate limits out of the way: the plan is what refuses.
      const env = {
        DATA_DIR: location.DATA_DIR,
        DATABASE_URL: location.DATABASE_URL,
        BILLING_MODE: 'enforced',
        CHAT_RATE_LIMIT_PER_MINUTE: '100000',
      }
      servers.push(await spawnServer(env))
      servers.push(await spawnServer(env))
      database = await openDatabaseAt(location)
      const email = `race-${Date.now()}@example.com`
      access = (
        await registerAccount(servers[0]!.baseUrl, { email, password: 'Correct-Horse-9', full_name: 'Race Test' })
      ).access
      await database.prisma.plan.create({ data: TINY_PLAN })
      accountId = (
        await setPlan(database, { email, plan: String(TINY_PLAN.id), until: new Date(Date.now() + 30 * 86_400_000) })
      ).account.id
      agentId = (await callApi<{ agent_id: string }>(servers[0]!.baseUrl, access, '/agents/create/', { name: 'First' }))
        .agent_id
      await callApi(servers[1]!.baseUrl, access, '/agents/create/', { name: 'Second' })
    })
    afterAll(async () => {
      for (const server of servers.splice(0)) {
        server.child.kill('SIGKILL')
        await server.exited
      }
      await database?.close()
      await location?.destroy()
    })

    /** Fires all the calls at once, alternating between the two processes, and answers each one's status and body. */
    function race(calls: { path: string; body: unknown }[]): Promise<Answer[]> {
      return Promise.all(
        calls.map(async ({ path, body }, index) => {
          const response = await fetch(`${servers[index % 2]!.baseUrl}/api${path}`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
          return { status: response.status, body: (await response.json()) as Answer['body'] }
        }),
      )
    }

    const statusesOf = (answers: Answer[]) => answers.map((answer) => answer.status).sort((a, b) => a - b)

    it(
      '50 concurrent creations for the last 5 agents: exactly 5 answer 201, 45 answer 402 PLAN_LIMIT_REACHED, and 7 agents exist',
      { timeout: 120_000 },
      async () => {
        const answers = await race(
          Array.from({ length: RACERS }, (_unused, index) => ({
            path: '/agents/create/',
            body: { name: `Racer ${index}` },
          })),
        )

        expect(statusesOf(answers)).toEqual([
          ...Array<number>(LEFT).fill(201),
          ...Array<number>(RACERS - LEFT).fill(402),
        ])
        for (const refused of answers.filter((answer) => answer.status === 402)) {
          expect(refused.body).toMatchObject({
            error: 'PLAN_LIMIT_REACHED',
            metric: 'agents',
            limit: LIMIT,
            used: LIMIT,
          })
        }
        expect(await database.prisma.agent.count({ where: { accountId } })).toBe(LIMIT)
      },
    )

    it(
      '50 concurrent messages for the last 5 of the plan: exactly 5 answer 200, 45 answer 402 PLAN_LIMIT_REACHED, and the counter holds the limit',
      { timeout: 120_000 },
      async () => {
        // A conversation takes one message at a time (409 while answering): each racer has its own.
        const conversations: string[] = []
        for (let index = 0; index < RACERS + 2; index += 1) {
          const created = await callApi<{ conversation_id: string }>(
            servers[index % 2]!.baseUrl,
            access,
            '/conversations/create/',
            { name: `Race ${index}`, agent_id: agentId },
          )
          conversations.push(created.conversation_id)
        }
        for (const conversationId of conversations.splice(RACERS)) {
          await callApi(servers[0]!.baseUrl, access, `/conversations/chat/${agentId}/${conversationId}/`, {
            message_text: 'Before the race',
          })
        }

        const answers = await race(
          conversations.map((conversationId, index) => ({
            path: `/conversations/chat/${agentId}/${conversationId}/`,
            body: { message_text: `Racer ${index}` },
          })),
        )

        expect(statusesOf(answers)).toEqual([
          ...Array<number>(LEFT).fill(200),
          ...Array<number>(RACERS - LEFT).fill(402),
        ])
        for (const refused of answers.filter((answer) => answer.status === 402)) {
          expect(refused.body).toMatchObject({
            error: 'PLAN_LIMIT_REACHED',
            metric: 'messages',
            limit: LIMIT,
            used: LIMIT,
          })
        }
        const counter = await database.prisma.usageCounter.findFirstOrThrow({
          where: { accountId, metric: 'messages', scope: '' },
        })
        expect(counter.value).toBe(BigInt(LIMIT))
        // A refused message is not saved: the counter and the conversations agree.
        expect(await database.prisma.message.count({ where: { accountId, senderType: 'user' } })).toBe(LIMIT)
      },
    )
  },
)
