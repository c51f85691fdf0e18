// npm run worker: a job worker in its own process, beside servers started with WORKER_IN_SERVER=false.
// It needs DATABASE_URL: the embedded database belongs to one process.
import { createStripeClient } from '../server/billing/stripe/create-stripe-client.ts'
import { stripeJobHandlersFor } from '../server/billing/stripe/end-replaced-stripe-subscription-job.ts'
import { ConfigError, loadConfig } from '../server/config/load-config.ts'
import { createDatabase } from '../server/db/create-database.ts'
import { applyMigrations } from '../server/db/migrations/apply-migrations.ts'
import { startWorker } from '../server/jobs/run-worker.ts'
import { createEmbedder } from '../server/knowledge/indexing/create-embedder.ts'
import { createKnowledgeJobHandlers } from '../server/knowledge/knowledge-job-handlers.ts'
import { scheduleRecrawls } from '../server/knowledge/websites/schedule-recrawls.ts'
import { createLogger } from '../server/logging/create-logger.ts'
import { createFileStorage } from '../server/storage/create-file-storage.ts'
import { loadServerSecrets } from '../server/secrets/load-server-secrets.ts'
import { createShopifyLibrary } from '../server/shopify/admin/create-shopify-library.ts'
import { shopifyJobHandlersFor } from '../server/shopify/jobs/shopify-job-handlers-for.ts'
import { createMailTransport } from '../server/mail/mail-transport.ts'
import { mailJobHandlersFor } from '../server/mail/send-email-job.ts'
import { passwordResetJobHandlersFor } from '../server/accounts/password-reset/request-password-reset.ts'
import { scheduleBillingAlerts } from '../server/alerts/billing-alerts.ts'
import { planEnforcementFor } from '../server/billing/plan-enforcement-for.ts'
import { linkBaseOf } from '../server/mail/email-link-url.ts'
import { scheduleDailySweep } from '../server/retention/schedule-daily-sweep.ts'
import { retentionJobHandlersFor } from '../server/retention/sweep-expired-rows-job.ts'
import { scheduleIdleCompletions } from '../server/webhooks/complete-idle-conversations.ts'
import { webhookJobHandlersFor } from '../server/webhooks/deliver-webhook-job.ts'

let config
try {
  config = loadConfig()
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
}
if (!config.DATABASE_URL) {
  console.error(
    'npm run worker needs DATABASE_URL: the embedded database can only be used by the server process, whose own worker runs its jobs.',
  )
  process.exit(1)
}
const logger = createLogger(config)
const database = await createDatabase(config)
await applyMigrations(database)
const storage = createFileStorage(config)
// The Shopify jobs reach shops through the same sealed offline sessions as the server's.
const secrets = await loadServerSecrets(database, config)
const shopify = (await createShopifyLibrary({ config, database, secrets, logger }))?.shopify ?? null
const mail = createMailTransport(config, logger)
let started: ReturnType<typeof startWorker> | null = null
const queue = { wake: () => started?.wake() }
const handlers = {
  ...createKnowledgeJobHandlers({ config, database, storage, embedder: createEmbedder(config) }),
  ...shopifyJobHandlersFor(shopify, { database, queue, storage, logger }),
  ...stripeJobHandlersFor(createStripeClient(config), logger),
  ...mailJobHandlersFor({ database, transport: mail, logger }),
  ...passwordResetJobHandlersFor({ database, config }),
  ...webhookJobHandlersFor({ config, database, sealingKey: secrets.sealingKey }),
  ...retentionJobHandlersFor({ database, logger }),
}
const worker = startWorker({
  database,
  logger,
  handlers,
  concurrency: config.WORKER_CONCURRENCY,
  pollMs: config.JOB_POLL_MS,
})
started = worker
const recrawls = scheduleRecrawls(database, { queue: worker, logger })
const billingAlerts = scheduleBillingAlerts(
  { database, plans: planEnforcementFor({ config, database }), linkBase: linkBaseOf(config) },
  { logger, intervalMs: config.EMAIL_ALERT_CHECK_SECONDS * 1_000 },
)
const idleCompletions = scheduleIdleCompletions(database, { logger, idleMinutes: config.CONVERSATION_IDLE_MINUTES })
const dailySweep = scheduleDailySweep(database, { queue: worker, logger })
const stop = async () => {
  recrawls.stop()
  idleCompletions.stop()
  dailySweep.stop()
  billingAlerts.stop()
  await worker.stop(config.SHUTDOWN_TIMEOUT_MS)
  mail.close()
  await database.close()
  process.exit(0)
}
const stopOrFail = () =>
  void stop().catch((error: unknown) => {
    logger.error({ err: error }, 'shutdown failed')
    process.exit(1)
  })
process.once('SIGTERM', stopOrFail)
process.once('SIGINT', stopOrFail)
