import type { Database } from '../../server/db/database.ts'
import type { Prisma } from '../../server/db/generated/prisma/client.ts'
import type { JobHandler } from '../../server/jobs/job-handler.ts'
import { startWorker, type RunningWorker } from '../../server/jobs/run-worker.ts'
import { createKnowledgeJobHandlers } from '../../server/knowledge/knowledge-job-handlers.ts'
import { createLogger } from '../../server/logging/create-logger.ts'
import { createAdminClient } from '../../server/shopify/admin-api/create-admin-client.ts'
import { SHOPIFY_ADMIN_API_VERSION } from '../../server/shopify/admin-api/shopify-admin-client.ts'
import { createShopifyJobHandlers } from '../../server/shopify/jobs/create-shopify-job-handlers.ts'
import type { ShopifyJobDependencies } from '../../server/shopify/jobs/shopify-job-dependencies.ts'
import { mailJobHandlersFor } from '../../server/mail/send-email-job.ts'
import { createFileStorage } from '../../server/storage/create-file-storage.ts'
import { signUp } from './accounts.ts'
import { createTestApp } from './create-test-app.ts'
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from './fake-shopify-admin.ts'
import { createAgentFor } from './knowledge.ts'

export const silentLogger = createLogger({ LOG_LEVEL: 'silent' })
const NO_MAIL = { delivers: false, send: async () => {}, close: () => {} }

let shopCounter = 0
const uniqueShopDomain = (name = 'alpine') => `${name}-${process.pid}-${++shopCounter}.myshopify.com`

/** A connected shop of the account, answering through the agent. */
export function createShop(
  database: Database,
  data: {
    accountId: string
    agentId?: string | null
    shopDomain?: string
  } & Partial<Prisma.ShopifyShopUncheckedCreateInput>,
) {
  return database.prisma.shopifyShop.create({
    data: { shopDomain: uniqueShopDomain(), scopes: 'read_products,read_content', ...data },
  })
}

export interface ShopifyWorkerOptions {
  database: Database
  admin: FakeShopifyAdmin
  /** Extra handlers run by the same worker (the knowledge jobs, when the app runs none). */
  handlers?: Record<string, JobHandler>
  storage: ShopifyJobDependencies['storage']
  finishPollDelayMs?: number
}

/**
 * A worker running the Shopify jobs against the fake Admin API. Throttle pauses are recorded, not
 * slept, so tests stay quick and can check the pauses asked for.
 */
export function startShopifyWorker(options: ShopifyWorkerOptions) {
  const throttleWaits: number[] = []
  // Called only once the worker below exists.
  const queue = { wake: () => worker.wake() }
  const dependencies: ShopifyJobDependencies = {
    database: options.database,
    queue,
    storage: options.storage,
    logger: silentLogger,
    adminClientFor: async (shop) =>
      createAdminClient({
        shop,
        accessToken: options.admin.accessToken,
        apiVersion: SHOPIFY_ADMIN_API_VERSION,
        baseUrl: options.admin.url,
        sleep: async (ms) => void throttleWaits.push(ms),
      }),
    // The finish webhook starts the read; the poll waits an hour unless a test asks otherwise.
    finishPollDelayMs: options.finishPollDelayMs ?? 3_600_000,
  }
  const worker: RunningWorker = startWorker({
    database: options.database,
    logger: silentLogger,
    handlers: {
      ...options.handlers,
      ...createShopifyJobHandlers(dependencies),
      // Sign-ups queue e-mails (an address check): sent nowhere here, so settling the queue never waits on them.
      ...mailJobHandlersFor({ database: options.database, transport: NO_MAIL, logger: silentLogger }),
    },
    pollMs: 20,
    backoffMs: () => 30,
  })
  return { worker, queue, dependencies, throttleWaits }
}

/** The app with no worker of its own, one worker for knowledge and Shopify jobs, a fake shop and its owner. */
export async function startShopifyTestbed(options: { finishPollDelayMs?: number } = {}) {
  const admin = await startFakeShopifyAdmin()
  const testApp = await createTestApp({ WORKER_IN_SERVER: 'false' })
  const storage = createFileStorage(testApp.config)
  const knowledgeHandlers = createKnowledgeJobHandlers({
    config: testApp.config,
    database: testApp.database,
    storage,
    embedder: null,
  })
  const shopify = startShopifyWorker({
    database: testApp.database,
    admin,
    storage,
    handlers: knowledgeHandlers,
    finishPollDelayMs: options.finishPollDelayMs,
  })
  const owner = await signUp(testApp)
  const agentId = await createAgentFor(testApp, owner, 'Store helper')
  const shop = await createShop(testApp.database, { accountId: owner.userId, agentId })
  return {
    admin,
    testApp,
    database: testApp.database,
    storage,
    owner,
    agentId,
    shop,
    ...shopify,
    close: async () => {
      await shopify.worker.stop(2_000)
      await testApp.cleanup()
      await admin.close()
    },
  }
}

export type ShopifyTestbed = Awaited<ReturnType<typeof startShopifyTestbed>>

/**
 * Waits until no job is running or queued to run within the next second (a retry waits the testbed's
 * 30 ms backoff: it is still to come, not settled), then returns the jobs matching `where`. Jobs queued
 * for later (the catalogue's finish poll, an hour on) do not hold it up.
 */
export async function settleJobs(database: Database, where: Prisma.JobWhereInput = {}) {
  // A plain loop, not expect.poll: this also runs in beforeAll.
  const deadline = Date.now() + 20_000
  while (
    (await database.prisma.job.count({
      where: { OR: [{ status: 'running' }, { status: 'queued', runAfter: { lte: new Date(Date.now() + 1_000) } }] },
    })) > 0
  ) {
    if (Date.now() > deadline) throw new Error('jobs did not settle within 20 s')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return database.prisma.job.findMany({ where, orderBy: { createdAt: 'asc' } })
}
