// Builds the one Express app: /api (JSON API), /widget, /shopify (the embedded Shopify app when configured), the dashboard for the rest.
import express, { type Express, type RequestHandler } from 'express'
import { createAppServices } from '../app-services.ts'
import type { Config } from '../config/config.schemas.ts'
import type { ShopifyAdminClient } from '../shopify/admin-api/shopify-admin-client.ts'
import type { Database } from '../db/database.ts'
import { apiCors } from './api-cors.ts'
import { answerUnknownApiPath } from './answer-unknown-api-path.ts'
import { csrfRoutes } from './csrf/csrf.routes.ts'
import { requireCsrfToken } from './csrf/require-csrf-token.ts'
import { serveBuiltDashboard } from './dashboard/serve-built-dashboard.ts'
import { handleErrors } from './handle-errors.ts'
import { usePasswordHashCost } from '../accounts/password-hashing.ts'
import { apiKeyRoutes } from './accounts/api-keys.routes.ts'
import { eraseVisitorRoutes } from './accounts/erase-visitor.routes.ts'
import { profileRoutes } from './accounts/profile.routes.ts'
import { agentRoutes } from './agents/agents.routes.ts'
import { documentRoutes } from './agents/documents.routes.ts'
import { embeddingRoutes } from './agents/embeddings.routes.ts'
import { textRoutes } from './agents/texts.routes.ts'
import { websiteRoutes } from './agents/websites.routes.ts'
import { authenticate } from './authenticate.ts'
import { sessionRoutes } from './accounts/session.routes.ts'
import { accountEmailRoutes } from './accounts/account-emails.routes.ts'
import { healthRoutes } from './health.routes.ts'
import { supportContactRoutes } from './support-contact.routes.ts'
import { countRequestStatements, logRequests } from './log-requests.ts'
import { teamRoutes } from './teams.routes.ts'
import { leadRoutes } from './agents/leads.routes.ts'
import { conversationExportRoutes } from './agents/conversation-export.routes.ts'
import { linkBaseOf } from '../mail/email-link-url.ts'
import { conversationRoutes } from './conversations.routes.ts'
import { improveRoutes } from './agents/improve.routes.ts'
import { feedbackRoutes } from './feedback.routes.ts'
import { handoffRoutes } from './handoff.routes.ts'
import { webhookRoutes } from './webhooks.routes.ts'
import { channelRoutes } from './agents/channels.routes.ts'
import { metaGraphOf } from '../channels/meta/meta-graph.ts'
import { dashboardApiRoutes } from './dashboard-api.routes.ts'
import { serverSetupOf } from '../stats/server-setup.ts'
import { billingRoutes } from './billing.routes.ts'
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts'
import { metaWebhookRoutes } from './meta-webhook.routes.ts'
import { publicWidgetRoutes } from './public-widget.routes.ts'
import { widgetIntegrationRoutes } from './widget-integrations.routes.ts'
import { serveWidget } from './serve-widget.ts'
import { widgetSettingsOf } from '../widgets/public/widget-settings.ts'
import { refuseNulCharacters } from './refuse-nul-characters.ts'
import { securityHeaders } from './security-headers.ts'
import { warnOfUntrustedProxy } from './warn-of-untrusted-proxy.ts'
import type { Logger } from '../logging/create-logger.ts'
import { loadServerSecrets } from '../secrets/load-server-secrets.ts'
import { shopifyProxyRoutes } from './shopify/app-proxy.routes.ts'
import { createShopifyLibrary } from '../shopify/admin/create-shopify-library.ts'
import { mountShopifyApp } from './shopify/mount-shopify-admin.ts'
import { shopifyCredentialsOf } from '../shopify/admin/shopify.server.ts'

function isHttpsDeployment(config: Config) {
  return config.PUBLIC_URL?.startsWith('https:') ?? false
}

export interface HttpAppOptions {
  config: Config
  database: Database
  logger: Logger
  /** Vite serves the dashboard: its inline scripts need the content security policy relaxed. */
  isDevelopment?: boolean
  /** Serves the dashboard; defaults to the built files in dist/dashboard. */
  dashboard?: RequestHandler
  /** The built Shopify app (React Router); defaults to dist/shopify. */
  shopifyBuildDir?: string
  /** The clock plans and trials read; the system's by default (tests move their own). */
  clock?: () => Date
  /** A shop's Admin API client other than the Shopify library's (tests point it at a fake Admin API). */
  shopAdmin?: ((shopDomain: string) => Promise<ShopifyAdminClient>) | null
}

/**
 * The Express app, plus close() for what its services hold open, and shopifyAppLoaded(), which settles once
 * the embedded Shopify app's build is loaded (at once without it); requests before then wait for it.
 */
export type HttpApp = Express & {
  /**
   * The process begins to stop: live streams end now with a reconnect event, and the in-server worker hands
   * its jobs back while the server drains the rest.
   */
  beginStop(): void
  close(): Promise<void>
  shopifyAppLoaded(): Promise<void>
}

export async function createHttpApp({
  config,
  database,
  logger,
  isDevelopment = false,
  dashboard,
  shopifyBuildDir,
  clock,
  shopAdmin,
}: HttpAppOptions): Promise<HttpApp> {
  usePasswordHashCost(config.PASSWORD_HASH_COST)
  const secrets = await loadServerSecrets(database, config)
  const shopify = await createShopifyLibrary({ config, database, secrets, logger })
  const services = await createAppServices({
    config,
    database,
    secrets,
    logger,
    shopify: shopify?.shopify ?? null,
    shopAdmin,
    clock,
  })
  const shopifyApp = shopify
    ? await mountShopifyApp({
        config,
        shopify: shopify.shopify,
        billingPlans: shopify.billingPlans,
        database,
        logger,
        queue: services.queue,
        storage: services.storage,
        answering: services.answering,
        rateLimits: services.rateLimits,
        isDevelopment,
        buildDir: shopifyBuildDir,
      })
    : null
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.TRUST_PROXY)
  app.set('query parser', 'simple')

  app.use(countRequestStatements())
  app.use(logRequests(logger))
  app.use(warnOfUntrustedProxy(config, logger))
  // The embedded Shopify app comes first: it sets its own headers (the admin frames it) and reads its
  // bodies itself (webhook HMACs are over the raw bytes), so nothing below may touch its requests.
  if (shopifyApp) app.use(shopifyApp.handler)
  app.use(securityHeaders({ isDevelopment, isHttps: isHttpsDeployment(config) }))

  const api = express.Router()
  // The widget's public calls come from customers' sites: their own CORS, body limit and checks.
  api.use(
    publicWidgetRoutes({
      database,
      storage: services.storage,
      answering: services.answering,
      visitorChannel: services.visitorChannel,
      settings: widgetSettingsOf(config, { tokenKey: secrets.widgetTokenKey, sealingKey: secrets.sealingKey }),
      rateLimits: services.rateLimits,
      signals: services.signals,
    }),
  )
  // Stripe's webhook: the raw body (its signature is over the bytes), before the JSON parser.
  api.use(
    stripeWebhookRoutes({ database, stripe: services.stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET, logger }),
  )
  api.use(
    metaWebhookRoutes({
      database,
      appSecret: config.META_APP_SECRET,
      verifyToken: config.META_VERIFY_TOKEN,
      logger,
    }),
  )
  api.use(apiCors(config))
  // Not strict: a bare string or number reaches the schema, which answers with the field's own message.
  api.use(express.json({ limit: config.JSON_BODY_LIMIT, strict: false }))
  api.use(refuseNulCharacters)
  api.use(requireCsrfToken(secrets.csrfKey))
  api.use(healthRoutes(database))
  api.use(supportContactRoutes(config))
  api.use(csrfRoutes(secrets.csrfKey, { isHttps: isHttpsDeployment(config) }))
  api.use(
    sessionRoutes({
      config,
      database,
      sessions: services.sessions,
      rateLimits: services.rateLimits,
      google: services.google,
      queue: services.queue,
    }),
  )
  api.use(
    accountEmailRoutes({
      config,
      database,
      sessions: services.sessions,
      queue: services.queue,
      rateLimits: services.rateLimits,
      emailDelivers: services.mail.delivers,
    }),
  )
  api.use(
    profileRoutes({
      config,
      database,
      sessions: services.sessions,
      storage: services.storage,
      rateLimits: services.rateLimits,
      logger,
      queue: services.queue,
    }),
  )
  // The embedded Shopify app's screens call these routes with the admin's session token (not the profile's).
  // An account API key is taken where API_KEY_REACH opens the call to keys (server-to-server use).
  const signedIn = authenticate(database, {
    settings: services.sessions,
    shopifyAdmin: shopifyCredentialsOf(config),
    apiKeys: { limit: (keyId) => services.rateLimits.limitApiKey(keyId) },
  })
  api.use(apiKeyRoutes({ database, signedIn }))
  api.use(eraseVisitorRoutes({ database, storage: services.storage, logger, signedIn }))
  api.use(agentRoutes({ database, plans: services.plans, storage: services.storage, logger, signedIn }))
  api.use(
    teamRoutes({
      database,
      plans: services.plans,
      rateLimits: services.rateLimits,
      queue: services.queue,
      linkBase: linkBaseOf(config),
      signedIn,
    }),
  )
  api.use(textRoutes({ database, queue: services.queue, signedIn }))
  api.use(leadRoutes({ database, storage: services.storage, logger, signedIn }))
  api.use(improveRoutes({ database, queue: services.queue, signedIn }))
  api.use(conversationExportRoutes({ database, signedIn }))
  api.use(websiteRoutes({ database, queue: services.queue, signedIn }))
  api.use(
    documentRoutes({
      database,
      storage: services.storage,
      queue: services.queue,
      logger,
      downloadLinkKey: secrets.downloadLinkKey,
      signedIn,
    }),
  )
  api.use(embeddingRoutes({ database, queue: services.queue, signedIn }))
  api.use(
    conversationRoutes({
      database,
      storage: services.storage,
      answering: services.answering,
      rateLimits: services.rateLimits,
      signedIn,
    }),
  )
  api.use(feedbackRoutes({ database, signedIn }))
  api.use(
    webhookRoutes({
      database,
      sealingKey: secrets.sealingKey,
      rateLimits: services.rateLimits,
      signedIn,
    }),
  )
  api.use(
    handoffRoutes({
      database,
      answering: services.answering,
      signals: services.signals,
      rateLimits: services.rateLimits,
      signedIn,
    }),
  )
  api.use(
    dashboardApiRoutes({
      database,
      signedIn,
      setup: serverSetupOf({
        model: services.answering.chatModel ? config.LLM_MODEL : null,
        hasEmbedder: services.embedder !== null,
        billingMode: services.plans.mode,
        emailDelivers: services.mail.delivers,
      }),
    }),
  )
  api.use(
    billingRoutes({
      database,
      plans: services.plans,
      stripe: services.stripe,
      publicUrl: config.PUBLIC_URL,
      allowedHosts: config.ALLOWED_HOSTS,
      shopifyApiKey: config.SHOPIFY_API_KEY,
      signedIn,
    }),
  )
  api.use(
    widgetIntegrationRoutes({
      database,
      storage: services.storage,
      plans: services.plans,
      sealingKey: secrets.sealingKey,
      signedIn,
    }),
  )
  api.use(
    channelRoutes({
      database,
      plans: services.plans,
      graph: metaGraphOf(config),
      sealingKey: secrets.sealingKey,
      signedIn,
    }),
  )
  api.use(answerUnknownApiPath)
  app.use('/api', api)

  // The storefront's app proxy (Shopify signs each request; no cookies, no CSRF): a widget session for the shop.
  if (config.SHOPIFY_API_SECRET) {
    app.use(
      '/shopify/proxy',
      shopifyProxyRoutes({
        database,
        secret: config.SHOPIFY_API_SECRET,
        settings: widgetSettingsOf(config, { tokenKey: secrets.widgetTokenKey, sealingKey: secrets.sealingKey }),
        limitStart: (ip) => services.rateLimits.limitWidgetStart(ip),
      }),
    )
  }
  // Reserved for the widget assets and public API, and for the Shopify app when it is not configured.
  app.use('/widget/v1', serveWidget())
  app.use(['/widget', '/shopify'], answerUnknownApiPath)

  app.use(dashboard ?? serveBuiltDashboard(config.DASHBOARD_DIR))
  app.use(answerUnknownApiPath) // what the dashboard does not serve (a POST to a page, say) gets the JSON 404
  app.use(handleErrors)
  return Object.assign(app, {
    shopifyAppLoaded: () => shopifyApp?.loaded ?? Promise.resolve(),
    beginStop: () => services.beginStop(),
    close: async () => {
      await shopifyApp?.close()
      await services.close()
    },
  })
}
