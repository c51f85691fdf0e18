// Serves the embedded Shopify app (app/, React Router) under /shopify from the one Express server:
// the built files in production, Vite in development. Touch it to change how /shopify is mounted.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createRequestHandler, type GetLoadContextFunction } from '@react-router/express'
import express, { Router, type Request, type RequestHandler } from 'express'
import type { ServerBuild } from 'react-router'
import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import { shopifySecurityHeaders } from '../security-headers.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import type { AnsweringServices } from '../../conversations/send-message.ts'
import type { RateLimits } from '../../rate-limits/rate-limits.ts'
import type { ShopifyBillingPlans } from '../../billing/shopify/shopify-billing-plans.ts'
import { shopifyCredentialsOf, type ShopifyAppServer } from '../../shopify/admin/shopify.server.ts'
import type { ShopifyLoadContext } from '../../shopify/admin/shopify-load-context.ts'

const SHOPIFY_APP_BUILD_DIR = fileURLToPath(new URL('../../../dist/shopify', import.meta.url))
const VITE_CONFIG = fileURLToPath(new URL('../../../app/vite.config.ts', import.meta.url))
// The dashboard's Vite keeps the default hot-reload port (24678).
const HOT_RELOAD_PORT = 24_679

export interface ShopifyAppMountOptions {
  config: Config
  shopify: ShopifyAppServer
  /** The plans declared to Shopify Billing (createShopifyLibrary). */
  billingPlans: ShopifyBillingPlans
  database: Database
  logger: Logger
  /** Wakes the worker for the jobs webhooks queue. */
  queue: JobQueue
  storage: FileStorage
  answering: AnsweringServices
  rateLimits: RateLimits
  isDevelopment: boolean
  /** The React Router build (server/ and client/); npm run build writes dist/shopify. */
  buildDir?: string
}

export interface MountedShopifyApp {
  /**
   * Answers /shopify and below (but the app proxy, mounted on its own), sends the admin opening the root on
   * to /shopify, and passes every other request on.
   */
  handler: RequestHandler
  /** Settles once the built app is loaded, or has failed to (the requests then answer its error). */
  loaded: Promise<void>
  close(): Promise<void>
}

// The app proxy (/shopify/proxy) is not an embedded page: its own route answers it.
function isEmbeddedAppPath(originalUrl: string) {
  const path = originalUrl.split('?', 1)[0] ?? ''
  return (
    (path === '/shopify' || path.startsWith('/shopify/')) &&
    !(path === '/shopify/proxy' || path.startsWith('/shopify/proxy/'))
  )
}

/**
 * The admin opening the app at the site's root (`/?shop=...&host=...`): where the Shopify CLI points
 * application_url during `shopify app dev`. The dashboard lives there, so the admin is sent on to the app.
 */
function isAdminAtRoot(req: Request) {
  const path = req.originalUrl.split('?', 1)[0]
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    path === '/' &&
    typeof req.query.shop === 'string' &&
    typeof req.query.host === 'string'
  )
}

/**
 * The built app's handler. Loading the build (React, Polaris, the routes and the domain they import) takes
 * seconds on a small machine, so it starts when the server does, not on the first merchant's request.
 */
function serveBuiltApp(buildDir: string, getLoadContext: GetLoadContextFunction) {
  const serverBuild = join(buildDir, 'server', 'index.js')
  const router = Router()
  router.use(
    '/shopify/assets',
    express.static(join(buildDir, 'client', 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  )
  const handle = existsSync(serverBuild)
    ? import(pathToFileURL(serverBuild).href).then((build: ServerBuild) =>
        createRequestHandler({ build, getLoadContext, mode: 'production' }),
      )
    : null
  // A build that fails to load answers each request with its error (below); nobody else awaits it.
  handle?.catch(() => {})
  router.use((req, res, next) => {
    if (!handle) {
      res
        .status(503)
        .type('text/plain')
        .send('The Shopify app is not built yet: run `npm run build`, then start the server again.')
      return
    }
    handle.then((handler) => handler(req, res, next), next)
  })
  const loaded = handle
    ? handle.then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve()
  return { handler: router as RequestHandler, loaded }
}

async function serveAppInDevelopment(getLoadContext: GetLoadContextFunction) {
  const { createServer } = await import('vite')
  const vite = await createServer({
    configFile: VITE_CONFIG,
    server: { middlewareMode: true, hmr: { port: HOT_RELOAD_PORT } },
    appType: 'custom',
  })
  const router = Router()
  // Vite's middleware strips /shopify from req.url; React Router reads req.originalUrl, which keeps it.
  router.use(vite.middlewares as unknown as RequestHandler)
  router.use(
    createRequestHandler({
      build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      getLoadContext,
      mode: 'development',
    }),
  )
  return { handler: router as RequestHandler, close: () => vite.close() }
}

/** The /shopify handler when SHOPIFY_API_KEY and SHOPIFY_API_SECRET are set, else null (and /shopify stays a 404). */
export async function mountShopifyApp({
  config,
  shopify,
  billingPlans,
  database,
  logger,
  queue,
  storage,
  answering,
  rateLimits,
  isDevelopment,
  buildDir = SHOPIFY_APP_BUILD_DIR,
}: ShopifyAppMountOptions): Promise<MountedShopifyApp | null> {
  const credentials = shopifyCredentialsOf(config)
  if (!credentials) return null
  const getLoadContext: GetLoadContextFunction = (_req, res) =>
    ({
      shopify,
      billing: { plans: billingPlans, isTest: config.SHOPIFY_BILLING_TEST },
      apiKey: credentials.apiKey,
      database,
      plans: answering.plans,
      logger,
      queue,
      storage,
      answering,
      rateLimits,
      publicUrl: credentials.appUrl,
      cspNonce: String(res.locals.cspNonce),
    }) satisfies ShopifyLoadContext
  const app = isDevelopment
    ? { ...(await serveAppInDevelopment(getLoadContext)), loaded: Promise.resolve() }
    : { ...serveBuiltApp(buildDir, getLoadContext), close: async () => {} }
  const isHttps = config.PUBLIC_URL?.startsWith('https:') ?? false
  const router = Router()
  router.use(shopifySecurityHeaders({ isDevelopment, isHttps }))
  router.use(app.handler)
  return {
    handler: (req: Request, res, next) => {
      if (isAdminAtRoot(req)) return res.redirect(302, `/shopify${req.originalUrl.slice(1)}`)
      return isEmbeddedAppPath(req.originalUrl) ? router(req, res, next) : next()
    },
    loaded: app.loaded,
    close: app.close,
  }
}
