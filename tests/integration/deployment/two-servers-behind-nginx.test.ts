// @database-specific: two server processes on one database
// The production topology of docs/deployment.md on one machine: two server processes and one
// `npm run worker` on one PostgreSQL database and one Redis, behind Debian's nginx. Each call goes to the
// process the test chooses, through nginx (`/process-<n>/…`), or round robin (`/…`).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { setPlan } from '../../../server/billing/set-plan.ts'
import type { Database } from '../../../server/db/database.ts'
import { createDatabaseLocation, openDatabaseAt, type DatabaseLocation } from '../../support/create-test-database.ts'
import { startGatedLlm, type GatedLlm } from '../../support/gated-llm.ts'
import {
  hasNginx,
  NGINX_PATH,
  startNginxLoadBalancer,
  type NginxLoadBalancer,
} from '../../support/nginx-load-balancer.ts'
import { spawnServer, type SpawnedServer } from '../../support/spawn-server.ts'
import { spawnWorker, type SpawnedWorker } from '../../support/spawn-worker.ts'

const SITE = 'https://shop.example.com'
const MESSAGES_PER_VISITOR = 4

function missingForThisTest(): string | null {
  if (inject('databaseKind') !== 'postgres')
    return 'needs PostgreSQL (the postgres project): one database, several processes'
  if (!process.env.TEST_REDIS_URL) return 'needs TEST_REDIS_URL: the processes share their rate limits in Redis'
  if (!hasNginx()) return `needs nginx at ${NGINX_PATH} (Debian: apt-get install nginx)`
  return null
}
const missing = missingForThisTest()

interface Answer {
  status: number
  body: Record<string, unknown>
  headers: Headers
}

/** One JSON call to `base` (a process through nginx, or nginx's round robin). */
async function call(
  base: string,
  path: string,
  { json, token, origin }: { json?: unknown; token?: string; origin?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${base}/api${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(origin ? { Origin: origin } : {}),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: response.headers,
  }
}

describe.skipIf(missing !== null)(
  `two server processes and a worker behind nginx${missing ? ` (skipped: ${missing})` : ''}`,
  { timeout: 60_000 },
  () => {
    let location: DatabaseLocation | undefined
    let database: Database | undefined
    let llm: GatedLlm | undefined
    const servers: SpawnedServer[] = []
    let worker: SpawnedWorker | undefined
    let nginx: NginxLoadBalancer | undefined
    /** Process n through nginx. */
    let via: (index: number) => string
    let owner: string
    let agentId: string
    let clientKey: string

    async function register(base: string, name: string) {
      const registered = await call(base, '/accounts/register/', {
        json: { email: `${name}-${Date.now()}@example.com`, password: 'Deploy-Password-1', full_name: name },
      })
      expect(registered.status).toBe(201)
      const email = (registered.body.user as { email: string }).email
      return { email, token: (registered.body.tokens as { access: string }).access }
    }

    async function widgetFor(base: string, token: string, name: string) {
      const agent = await call(base, '/agents/create/', { json: { name }, token })
      expect(agent.status).toBe(201)
      const integration = await call(base, `/agents/${String(agent.body.agent_id)}/integrations/frontend/`, {
        json: { website_name: 'Shop', website_domain: 'shop.example.com' },
        token,
      })
      expect(integration.status).toBe(201)
      return { agentId: String(agent.body.agent_id), clientKey: String(integration.body.client_key) }
    }

    /** A widget session started through one process. */
    async function startSession(base: string, key = clientKey) {
      const session = await call(base, '/conversations/api/start-chat-widget/', {
        json: { client_key: key },
        origin: SITE,
      })
      expect(session.status).toBe(201)
      return String(session.body.token)
    }

    async function newConversation(base: string, visitor: string) {
      const conversation = await call(base, '/conversations/api/create/', { json: {}, token: visitor, origin: SITE })
      expect(conversation.status).toBe(201)
      return String(conversation.body.conversation_id)
    }

    const chat = (base: string, visitor: string, conversationId: string, text: string) =>
      call(base, `/conversations/api/chat/${conversationId}/`, {
        json: { message_text: text },
        token: visitor,
        origin: SITE,
      })

    beforeAll(async () => {
      location = await createDatabaseLocation()
      database = await openDatabaseAt(location, { poolSize: 2 })
      llm = await startGatedLlm()
      const env = {
        DATABASE_URL: location.DATABASE_URL,
        DATA_DIR: location.DATA_DIR,
        SECRET_KEY: 'deployment-test-secret-key-with-enough-length-0123456789',
        RATE_LIMIT_STORE: 'redis',
        REDIS_URL: process.env.TEST_REDIS_URL,
        // Counts of this run only, whatever else the Redis holds.
        RATE_LIMIT_NAMESPACE: `deploy-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        TRUST_PROXY: '1',
        BILLING_MODE: 'enforced',
        WORKER_IN_SERVER: 'false',
        WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE: String(MESSAGES_PER_VISITOR),
        WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE: '1000',
        WIDGET_SESSIONS_PER_IP_PER_HOUR: '1000',
        ...llm.config,
      }
      // Each process is kept as soon as it runs, so afterAll stops it even if another failed to start.
      const started = await Promise.allSettled([
        spawnServer(env).then((server) => servers.push(server)),
        spawnServer(env).then((server) => servers.push(server)),
        spawnWorker({ ...env, JOB_POLL_MS: '100', WORKER_CONCURRENCY: '4' }).then((spawned) => (worker = spawned)),
      ])
      for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason
      nginx = await startNginxLoadBalancer(servers.map((server) => `127.0.0.1:${server.port}`))
      const proxy = nginx
      via = (index) => proxy.processUrl(index)

      const account = await register(via(0), 'owner')
      owner = account.token
      ;({ agentId, clientKey } = await widgetFor(via(1), owner, 'Deployed'))
    }, 120_000) // three processes starting at once: seconds alone, several times that beside the rest of the suite

    afterAll(async () => {
      await nginx?.stop().catch(() => {})
      for (const child of [...servers, ...(worker ? [worker] : [])]) {
        if (child.child.exitCode === null) child.child.kill('SIGKILL')
        await child.exited
      }
      await llm?.close()
      await database?.close()
      await location?.destroy()
    })

    it('nginx balances over both processes, which run no jobs themselves; the worker does', async () => {
      const answeredBy = new Set<number>()
      for (let index = 0; index < 4; index += 1) {
        const response = await fetch(`${nginx!.url}/api/accounts/csrf/`)
        const requestId = response.headers.get('x-request-id') ?? ''
        await expect
          .poll(() => servers.findIndex((server) => server.output.some((line) => line.includes(requestId))))
          .toBeGreaterThanOrEqual(0)
        answeredBy.add(servers.findIndex((server) => server.output.some((line) => line.includes(requestId))))
      }
      expect([...answeredBy].sort()).toEqual([0, 1])
      for (const server of servers)
        expect(server.output.some((line) => line.includes('job worker started'))).toBe(false)
      expect(worker!.output.some((line) => line.includes('job worker started'))).toBe(true)
    })

    it('a widget session started through one process chats through the other, both ways', async () => {
      for (const [starting, chatting] of [
        [0, 1],
        [1, 0],
      ] as const) {
        const visitor = await startSession(via(starting))
        const conversationId = await newConversation(via(chatting), visitor)
        const answered = await chat(via(chatting), visitor, conversationId, 'How long do I have to return a product?')
        expect(answered.status).toBe(200)
        // The conversation written through one process reads the same through the other.
        const history = await call(via(starting), `/conversations/api/chat/${conversationId}/`, {
          token: visitor,
          origin: SITE,
        })
        expect(history.status).toBe(200)
        expect(JSON.stringify(history.body)).toContain('returns are accepted within 30 days')
      }
    })

    it('a streamed answer passes nginx unbuffered: its first token arrives while the model still holds the rest', async () => {
      const visitor = await startSession(via(0))
      const conversationId = await newConversation(via(1), visitor)
      llm!.holdAfterFirstToken()
      const response = await fetch(`${nginx!.url}/api/conversations/api/chat/${conversationId}/?stream=true`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          Authorization: `Bearer ${visitor}`,
          Origin: SITE,
        },
        body: JSON.stringify({ message_text: 'How long do I have to return a product?' }),
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/event-stream')
      const reader = (response.body as ReadableStream<Uint8Array>).getReader()
      const decoder = new TextDecoder()
      let received = ''
      const untilEnd = (async () => {
        for (let part = await reader.read(); !part.done; part = await reader.read())
          received += decoder.decode(part.value, { stream: true })
      })()
      await expect.poll(() => received, { timeout: 20_000 }).toContain('event: token')
      // The model has written one token and waits: what the client holds went through nginx as it came.
      expect(llm!.heldAnswers).toBe(1)
      expect(received).not.toContain('event: done')
      llm!.release()
      await untilEnd
      expect(received).toMatch(/event: done\ndata: /)
      expect(received.indexOf('event: token')).toBeLessThan(received.indexOf('event: done'))
      expect(received.match(/event: token/g)?.length).toBeGreaterThan(1)
    })

    it('the per-visitor rate limit holds across both processes (counted in Redis)', async () => {
      const visitor = await startSession(via(0))
      const conversationId = await newConversation(via(1), visitor) // the visitor's first counted message
      const statuses: number[] = []
      for (let index = 1; index <= MESSAGES_PER_VISITOR; index += 1) {
        const answered = await chat(via(index % 2 === 1 ? 0 : 1), visitor, conversationId, `Question ${index}?`)
        statuses.push(answered.status)
        if (answered.status === 429) expect(Number(answered.headers.get('retry-after'))).toBeGreaterThan(0)
      }
      // Alone, each process would have let all four through.
      expect(statuses).toEqual([200, 200, 200, 429])
    })

    it('a plan’s message limit holds across both processes', async () => {
      const { email, token } = await register(via(1), 'planned')
      const widget = await widgetFor(via(0), token, 'Planned')
      await database!.prisma.plan.create({
        data: {
          id: 900,
          name: 'Deployment two messages',
          conversationLimit: 100,
          messageLimit: 2,
          tokenLimit: BigInt(10_000_000),
          widgetLimit: 100,
          teamMemberLimit: 100,
          agentLimit: 100,
        },
      })
      await setPlan(database!, { email, plan: '900', until: new Date(Date.now() + 30 * 86_400_000) })
      const visitor = await startSession(via(1), widget.clientKey)
      const conversationId = await newConversation(via(0), visitor)
      const modelCalls = llm!.requests
      const answers: Answer[] = []
      for (let index = 0; index < 3; index += 1)
        answers.push(await chat(via(index % 2), visitor, conversationId, `Question ${index}?`))
      // The third is refused by the plan, not by the visitor's rate limit (four a minute, the conversation included).
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 503])
      expect(answers[2]?.body.reason).toBe('assistant_paused') // what a visitor reads when the owner's plan refuses
      expect(llm!.requests - modelCalls).toBe(2) // the refused message never reached the model
      const usage = await call(nginx!.url, '/subscriptions/usage/limits/', { token })
      expect(usage.body).toMatchObject({ usage: { messages: 2 }, remaining: { messages: 0 } })
    })

    it('a job queued through either process runs once, in the worker', async () => {
      const texts: { textId: string; jobId: string }[] = []
      for (let index = 0; index < 4; index += 1) {
        const created = await call(via(index % 2), `/agents/${agentId}/texts/create/`, {
          json: {
            text_title: `Policy ${index}`,
            text_content: `Policy number ${index}: parcels ship within ${index + 1} days.`,
          },
          token: owner,
        })
        expect(created.status).toBe(201)
        texts.push({
          textId: String(created.body.text_id),
          jobId: String((created.body.job as { job_id: string }).job_id),
        })
      }
      for (const { jobId } of texts) {
        await expect
          .poll(
            async () => (await call(nginx!.url, `/agents/${agentId}/jobs/${jobId}/`, { token: owner })).body.status,
            {
              timeout: 20_000,
              interval: 100,
            },
          )
          .toBe('succeeded')
      }
      const jobs = await database!.prisma.job.findMany({ where: { id: { in: texts.map((text) => text.jobId) } } })
      expect(jobs.map((job) => ({ status: job.status, attempts: job.attempts }))).toEqual(
        texts.map(() => ({ status: 'succeeded', attempts: 1 })),
      )
      for (const { textId } of texts) {
        expect(await database!.prisma.knowledgeSection.count({ where: { textId } })).toBe(1)
        expect(await database!.prisma.knowledgeChunk.count({ where: { textId } })).toBe(1)
      }
      expect(await database!.prisma.job.count({ where: { agentId, kind: 'embed-item' } })).toBe(texts.length)
    })
  },
)
