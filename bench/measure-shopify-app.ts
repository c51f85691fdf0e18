// The embedded Shopify app's figures: what a Shopify admin session token costs the API (signature check
// and shop lookup) beside the dashboard's own access token, on the same authenticated read; and how much
// JavaScript (gzip) each embedded screen loads from the production build (dist/shopify, npm run build).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { getJwt } from '@shopify/shopify-api/test-helpers'
import { loadConfig } from '../server/config/load-config.ts'
import { createLogger } from '../server/logging/create-logger.ts'
import { linkShopAccount } from '../server/shopify/admin/link-shop-account.ts'
import { startServer } from '../server/http/start-server.ts'

const READS = 300
const KEY = 'bench-shopify-key'
const SECRET = 'bench-shopify-secret'
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0

async function timeReads(url: string, token: () => Promise<string>) {
  const times: number[] = []
  for (let index = 0; index < READS; index += 1) {
    const authorization = `Bearer ${await token()}`
    const started = performance.now()
    const response = await fetch(url, { headers: { Authorization: authorization } })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${url} answered ${response.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50Ms: Number(percentile(times, 0.5).toFixed(2)), p99Ms: Number(percentile(times, 0.99).toFixed(2)) }
}

/** The agents list read with a dashboard access token, then with a fresh Shopify session token each time (as App Bridge gives them). */
async function measureTokenCost(dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SHOPIFY_API_KEY: KEY,
    SHOPIFY_API_SECRET: SECRET,
    PUBLIC_URL: 'https://agentdesk.example',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  })
  const running = await startServer(config, createLogger(config))
  try {
    const baseUrl = `http://127.0.0.1:${running.port}`
    await linkShopAccount(running.database, {
      shopDomain: 'bench-kettles.myshopify.com',
      scopes: 'read_products',
      profile: { name: 'Bench Kettles', email: null, storefrontUrl: null },
    })
    const registered = await fetch(`${baseUrl}/api/accounts/register/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}@example.com`,
        password: 'Bench-Password-1',
        full_name: 'Bench',
      }),
    })
    const { tokens } = (await registered.json()) as { tokens: { access: string } }
    const dashboardToken = await timeReads(`${baseUrl}/api/agents/`, async () => tokens.access)
    const shopifyToken = await timeReads(
      `${baseUrl}/api/agents/`,
      async () => (await getJwt('bench-kettles', KEY, SECRET)).token,
    )
    return {
      reads: READS,
      dashboardTokenP50Ms: dashboardToken.p50Ms,
      dashboardTokenP99Ms: dashboardToken.p99Ms,
      shopifyTokenP50Ms: shopifyToken.p50Ms,
      shopifyTokenP99Ms: shopifyToken.p99Ms,
    }
  } finally {
    await running.stop()
  }
}

interface ManifestRoute {
  module: string
  imports?: string[]
  css?: string[]
  parentId?: string
}
interface ClientManifest {
  entry: { module: string; imports?: string[] }
  routes: Record<string, ManifestRoute>
}

/** React Router's client manifest of the build (window.__reactRouterManifest=…), or null without a build. */
function readClientManifest(clientDir: string): ClientManifest | null {
  const assets = join(clientDir, 'assets')
  const file = existsSync(assets)
    ? readdirSync(assets).find((name) => name.startsWith('manifest-') && name.endsWith('.js'))
    : undefined
  if (!file) return null
  const text = readFileSync(join(assets, file), 'utf8')
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as ClientManifest
}

/** Gzipped JS and CSS of each embedded screen: the entry, and every route module on its path with their imports. */
function measureScreens(clientDir: string) {
  const manifest = readClientManifest(clientDir)
  if (!manifest) return null
  const gzipKb = (path: string) =>
    gzipSync(readFileSync(join(clientDir, path.replace(/^\/shopify\//, '')))).length / 1024
  const chainOf = (id: string): ManifestRoute[] => {
    const route = manifest.routes[id]
    return route ? [...(route.parentId ? chainOf(route.parentId) : []), route] : []
  }
  const screens = [
    'app-home',
    'routes/app-knowledge',
    'routes/app-playground',
    'routes/app-conversations',
    'routes/app-teams',
    'routes/app-widget',
  ]
  return screens.map((id) => {
    const chain = chainOf(id)
    const scripts = new Set([
      manifest.entry.module,
      ...(manifest.entry.imports ?? []),
      ...chain.flatMap((route) => [route.module, ...(route.imports ?? [])]),
    ])
    const styles = new Set(chain.flatMap((route) => route.css ?? []))
    const sum = (paths: Set<string>) => Number([...paths].reduce((total, path) => total + gzipKb(path), 0).toFixed(1))
    return { screen: id.replace('routes/', ''), jsGzipKb: sum(scripts), cssGzipKb: sum(styles) }
  })
}

export async function measureShopifyApp(dataDir: string, clientDir = 'dist/shopify/client') {
  return { tokenCost: await measureTokenCost(dataDir), screens: measureScreens(clientDir) }
}
