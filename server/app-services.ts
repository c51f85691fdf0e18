// What the routes share besides the database: signing settings, file storage, rate limits, Google.
// Built once per app; close() releases what holds connections (a Redis client, say).
import { readGoogleSettings, type GoogleSettings } from './accounts/google/google-settings.ts'
import type { SessionSettings } from './accounts/sessions/session-settings.ts'
import type { PlanEnforcement } from './billing/plan-enforcement.ts'
import { answerCostsOf, planEnforcementFor } from './billing/plan-enforcement-for.ts'
import { createStripeClient } from './billing/stripe/create-stripe-client.ts'
import { stripeJobHandlersFor } from './billing/stripe/end-replaced-stripe-subscription-job.ts'
import type Stripe from 'stripe'
import type { Config } from './config/config.schemas.ts'
import type { Database } from './db/database.ts'
import { createRateLimits, type RateLimits } from './rate-limits/rate-limits.ts'
import type { ServerSecrets } from './secrets/load-server-secrets.ts'
import { startWorker, type RunningWorker } from './jobs/run-worker.ts'
import type { JobQueue } from './jobs/job-queue.ts'
import { createEmbedder, type Embedder } from './knowledge/indexing/create-embedder.ts'
import { createKnowledgeJobHandlers } from './knowledge/knowledge-job-handlers.ts'
import type { ShopifyAppServer } from './shopify/admin/shopify.server.ts'
import { shopifyJobHandlersFor } from './shopify/jobs/shopify-job-handlers-for.ts'
import { adminClientFromLibrary } from './shopify/admin-api/admin-client-from-library.ts'
import type { ShopifyAdminClient } from './shopify/admin-api/shopify-admin-client.ts'
import { createChatModel } from './chat/answering/create-chat-model.ts'
import { createVectorSearch } from './chat/retrieval/search-vectors.ts'
import type { AnsweringServices } from './conversations/send-message.ts'
import { composeChannels, type VisitorChannel } from './compose-channels.ts'
import { watchAbandonedAnswers } from './conversations/watch-abandoned-answers.ts'
import { detectVectorSearch } from './db/detect-vector-search.ts'
import { holdProcessPresence } from './db/hold-process-presence.ts'
import { keepRows } from './db/caching/kept-rows.ts'
import { scheduleRecrawls } from './knowledge/websites/schedule-recrawls.ts'
import { scheduleBillingAlerts } from './alerts/billing-alerts.ts'
import { linkBaseOf } from './mail/email-link-url.ts'
import type { Logger } from './logging/create-logger.ts'
import { createFileStorage } from './storage/create-file-storage.ts'
import { createMailTransport, type MailTransport } from './mail/mail-transport.ts'
import { mailJobHandlersFor } from './mail/send-email-job.ts'
import { passwordResetJobHandlersFor } from './accounts/password-reset/request-password-reset.ts'
import { signInLinkJobHandlersFor } from './accounts/sign-in-link/request-sign-in-link.ts'
import type { FileStorage } from './storage/file-storage.ts'
import { createConversationSignals, type ConversationSignals } from './live/conversation-signals.ts'
import { scheduleDailySweep } from './retention/schedule-daily-sweep.ts'
import { retentionJobHandlersFor } from './retention/sweep-expired-rows-job.ts'
import { scheduleIdleCompletions } from './webhooks/complete-idle-conversations.ts'
import { webhookJobHandlersFor } from './webhooks/deliver-webhook-job.ts'
import { sweepExpiredWidgetSessions } from './widgets/public/sweep-expired-widget-sessions.ts'

export interface AppServices {
  sessions: SessionSettings
  storage: FileStorage
  rateLimits: RateLimits
  google: GoogleSettings | null
  embedder: Embedder | null
  /** Announces new jobs; wakes the in-server worker when there is one. */
  queue: JobQueue
  worker: RunningWorker | null
  /** Retrieval and answering for the chat calls, with the registered channels: the answering path's one bag. */
  answering: AnsweringServices
  /** The channel a widget visitor speaks through (the storefront's, bound to its shopper, or the website's). */
  visitorChannel: VisitorChannel
  /** The plans' limits (BILLING_MODE): applied to what is created and to every conversation, message and answer. */
  plans: PlanEnforcement
  /** Stripe, for dashboard accounts' payments; null without STRIPE_SECRET_KEY. */
  stripe: Stripe | null
  /** E-mail: SMTP with SMTP_URL, else the log (its `delivers` says which). */
  mail: MailTransport
  /** Tells the live streams of every process that a conversation changed (a person joined, a message came). */
  signals: ConversationSignals
  /** The process begins to stop: live streams end now, and the worker hands back its jobs meanwhile. */
  beginStop(): void
  close(): Promise<void>
}

export interface CreateAppServicesOptions {
  config: Config
  database: Database
  secrets: ServerSecrets
  logger: Logger
  shopify?: ShopifyAppServer | null
  /** A shop's Admin API client other than the Shopify library's (tests point it at a fake Admin API). */
  shopAdmin?: ((shopDomain: string) => Promise<ShopifyAdminClient>) | null
  clock?: () => Date
}

export async function createAppServices({
  config,
  database,
  secrets,
  logger,
  shopify = null,
  shopAdmin,
  clock,
}: CreateAppServicesOptions): Promise<AppServices> {
  // The rows each visitor message reads, kept by this process until any process changes them.
  const keptRows = keepRows(database, logger)
  const rateLimits = await createRateLimits(config, database, logger)
  // On a PostgreSQL server several processes may share the data: say which settings hold for one only.
  if (config.DATABASE_URL && config.RATE_LIMIT_STORE === 'memory')
    logger.info('RATE_LIMIT_STORE=memory: rate limits are counted per process (set redis for several servers)')
  if (config.DATABASE_URL && config.STORAGE_DRIVER === 'local')
    logger.info('STORAGE_DRIVER=local: files stay on this machine (set s3 for servers or workers on others)')
  const stripe = createStripeClient(config)
  const storage = createFileStorage(config)
  const embedder = createEmbedder(config)
  const mail = createMailTransport(config, logger)
  let worker: RunningWorker | null = null
  const queue = { wake: () => worker?.wake() }
  if (config.WORKER_IN_SERVER) {
    const handlers = {
      ...createKnowledgeJobHandlers({ config, database, storage, embedder }),
      ...shopifyJobHandlersFor(shopify, { database, queue, storage, logger }),
      ...stripeJobHandlersFor(stripe, logger),
      ...mailJobHandlersFor({ database, transport: mail, logger }),
      ...passwordResetJobHandlersFor({ database, config }),
      ...signInLinkJobHandlersFor({ database, config }),
      ...webhookJobHandlersFor({ config, database, sealingKey: secrets.sealingKey }),
      ...retentionJobHandlersFor({ database, logger }),
    }
    worker = startWorker({
      database,
      logger,
      handlers,
      concurrency: config.WORKER_CONCURRENCY,
      pollMs: config.JOB_POLL_MS,
    })
  }
  const recrawls = worker ? scheduleRecrawls(database, { queue, logger }) : null
  // conversation.completed for idle conversations is looked for where jobs run (npm run worker looks too).
  const idleCompletions = worker
    ? scheduleIdleCompletions(database, { logger, idleMinutes: config.CONVERSATION_IDLE_MINUTES })
    : null
  // Expired links, ended sign-ins and old finished jobs: a durable job a day, queued where jobs run.
  const dailySweep = worker ? scheduleDailySweep(database, { queue, logger }) : null
  const vectorSearch = await detectVectorSearch(database)
  logger.info(
    { vectorSearch },
    vectorSearch === 'pgvector' ? 'vector search: pgvector' : 'vector search: in-process (pgvector not available)',
  )
  const chatModel = createChatModel(config)
  logger.info(
    { llm: chatModel ? config.LLM_MODEL : null },
    chatModel ? `answers by ${config.LLM_MODEL}` : 'no LLM configured: the offline answerer replies from the sources',
  )
  // The answers this process writes carry its presence key, so a crash leaves none pending (docs/architecture.md, Conversations).
  const presence = await holdProcessPresence(database, logger)
  const answerCosts = answerCostsOf(config)
  const plans = planEnforcementFor({ config, database, clock })
  // Plan alerts by e-mail are looked for where jobs run (a separate worker process looks too: npm run worker).
  const billingAlerts = worker
    ? scheduleBillingAlerts(
        { database, plans, linkBase: linkBaseOf(config) },
        { logger, intervalMs: config.EMAIL_ALERT_CHECK_SECONDS * 1_000 },
      )
    : null
  logger.info(
    { billingMode: plans.mode },
    plans.mode === 'enforced'
      ? 'billing: plans and trials are enforced'
      : 'billing: unlimited (usage is counted, no plan limit refuses; set BILLING_MODE=enforced for a hosted service)',
  )
  const retriever = {
    database,
    embedder,
    logger,
    vectors: createVectorSearch(database, vectorSearch, config.VECTOR_CACHE_MB * 1_048_576),
    topK: config.RETRIEVAL_TOP_K,
    minSimilarity: config.RETRIEVAL_MIN_SIMILARITY,
  }
  // The channels an answer may come through; the answering core knows them only as Channel (docs/architecture.md).
  const { channels, visitorChannel } = composeChannels({
    retriever,
    // A storefront shopper's orders, through the shop's offline session (tests may bring their own).
    shopAdmin:
      shopAdmin ??
      (shopify
        ? async (shopDomain: string) => adminClientFromLibrary((await shopify.unauthenticated.admin(shopDomain)).admin)
        : null),
  })
  const answering: AnsweringServices = {
    database,
    logger,
    presenceKey: presence.key,
    chatModel,
    retriever,
    channels,
    // An answer may take the LLM's whole timeout, retrieval and saving on top.
    answerWindowMs: config.LLM_TIMEOUT_MS + 30_000,
    droppedAttempts: new Map(),
    plans,
    answerCosts,
  }
  const abandonedAnswers = await watchAbandonedAnswers(answering, logger)
  // Ended widget sessions and the refresh tokens they spent, which would otherwise pile up for ever.
  const widgetSessionSweep = sweepExpiredWidgetSessions(database, logger)
  const signals = createConversationSignals(database, logger)
  // Begun with the stop, beside the HTTP drain, so the two graces run at once rather than one after the other.
  let workerStopped: Promise<void> | null = null
  const stopWorker = () => (workerStopped ??= worker?.stop(config.SHUTDOWN_TIMEOUT_MS) ?? Promise.resolve())
  return {
    sessions: {
      accessTokenKey: secrets.accessTokenKey,
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
      sessionMaxAgeSeconds: config.SESSION_MAX_AGE_SECONDS,
    },
    storage,
    rateLimits,
    google: readGoogleSettings(config),
    embedder,
    queue,
    worker,
    answering,
    visitorChannel,
    plans,
    stripe,
    mail,
    signals,
    beginStop: () => {
      signals.endStreams()
      void stopWorker()
    },
    close: async () => {
      await signals.close()
      await keptRows.close()
      recrawls?.stop()
      idleCompletions?.stop()
      dailySweep?.stop()
      billingAlerts?.stop()
      await abandonedAnswers.stop()
      await widgetSessionSweep.stop()
      await presence.release()
      await stopWorker()
      mail.close()
      await rateLimits.close()
    },
  }
}
