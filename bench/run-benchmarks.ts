// npm run bench: builds (npm run build), then figures for the closing notes. Timings are reported, never asserted.
// Foundation figures: start-up (cold: new data folder, initdb and migrations; warm: restart),
// API latency and throughput for the health call, the server's resident memory, and accounts
// (argon2id cost, sign-up, sign-in, refresh, an authenticated read); knowledge ingestion on the embedded
// default (BENCH_SKIP_KNOWLEDGE=1 skips it: it takes minutes); retrieval (SciFact quality, latency at
// 5,000 and 100,000 passages) and the server overhead per chat message (BENCH_SKIP_RETRIEVAL=1 skips them);
// document extraction: honest large files' throughput, hostile files' effect on health, peak RSS
// (BENCH_SKIP_EXTRACTION=1 skips it); the widget's sizes, time to launcher and concurrent visitor chats (BENCH_SKIP_WIDGET=1 skips them);
// the dashboard's first-load size and load timings in Chromium (BENCH_SKIP_DASHBOARD=1 skips them); the
// embedded Shopify app's token cost on the API and each screen's JavaScript (BENCH_SKIP_SHOPIFY=1 skips them);
// the metering overhead per chat message, BILLING_MODE enforced against unlimited (BENCH_SKIP_METERING=1 skips it);
// a storefront page's Lighthouse performance score with and without the widget (BENCH_SKIP_STOREFRONT=1 skips it);
// 500 visitors at once on PostgreSQL, then two server processes behind nginx on PostgreSQL and Redis
// (BENCH_SKIP_PROCESSES=1 skips them; they need BENCH_DATABASE_URL or TEST_DATABASE_URL, nginx and Redis).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { measureAccounts } from './measure-accounts.ts'
import { measureChatOverhead } from './measure-chat.ts'
import type { measureOfflineAnswerPairs } from './measure-offline-answer-pairs.ts'
import { measureRetrieval } from './measure-retrieval.ts'
import { measureWidget } from './measure-widget.ts'
import { measureDashboard } from './measure-dashboard.ts'
import { measureShopifyApp } from './measure-shopify-app.ts'
import { measureDocumentIngestion, measureSciFactTexts } from './measure-knowledge.ts'
import { measureExtraction } from './measure-extraction.ts'
import { measureLatency } from './measure-latency.ts'
import { measureMeteringOverhead } from './measure-metering.ts'
import { measureStorefrontWeight } from './measure-storefront-weight.ts'
import { measureConcurrentVisitors } from './measure-visitors.ts'
import { measureTwoProcesses } from './measure-two-processes.ts'
import { measureServerStart, residentMemoryMb, stopServer } from './measure-server-start.ts'

const round = (value: number, digits = 1) => Number(value.toFixed(digits))

async function benchmarkDatabase(label: string, env: Record<string, string | undefined>) {
  const cold = await measureServerStart(env)
  await stopServer(cold.server)
  const warm = await measureServerStart(env)
  const idleMemoryMb = residentMemoryMb(warm.server.child.pid ?? 0)
  const health = await measureLatency(`${warm.server.baseUrl}/api/dashboard/api/health/`)
  const dashboard = await measureLatency(`${warm.server.baseUrl}/`, { requests: 500 })
  const loadedMemoryMb = residentMemoryMb(warm.server.child.pid ?? 0)
  // Generous limits: the benchmark signs in far more often than a person would.
  const accounts = await measureAccounts(warm.server.baseUrl)
  await stopServer(warm.server)
  return {
    database: label,
    coldStartMs: round(cold.startMs, 0),
    warmStartMs: round(warm.startMs, 0),
    healthP50Ms: round(health.p50Ms, 2),
    healthP99Ms: round(health.p99Ms, 2),
    healthRequestsPerSecond: round(health.requestsPerSecond, 0),
    dashboardIndexP50Ms: round(dashboard.p50Ms, 2),
    rssIdleMb: round(idleMemoryMb),
    rssAfterLoadMb: round(loadedMemoryMb),
    ...Object.fromEntries(Object.entries(accounts).map(([name, value]) => [name, round(value, 1)])),
  }
}

const GENEROUS_LIMITS = {
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  CHAT_RATE_LIMIT_PER_MINUTE: '100000',
}
const results = []
const dataDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-'))
try {
  results.push(await benchmarkDatabase('embedded (PGlite)', { DATA_DIR: dataDir, ...GENEROUS_LIMITS }))
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL

/** A fresh PostgreSQL database beside postgresUrl's for `work`, dropped after. */
async function withFreshPostgres<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `agentdesk_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  const url = new URL(String(postgresUrl))
  url.pathname = `/${name}`
  try {
    return await work(url.toString())
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
}

if (postgresUrl) {
  results.push(
    await withFreshPostgres((url) =>
      benchmarkDatabase('PostgreSQL', {
        DATA_DIR: mkdtempSync(join(tmpdir(), 'agentdesk-bench-')),
        DATABASE_URL: url,
        ...GENEROUS_LIMITS,
      }),
    ),
  )
}

console.table(results)

let knowledge: Record<string, unknown> | undefined
if (!process.env.BENCH_SKIP_KNOWLEDGE) {
  const knowledgeDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-'))
  const { server } = await measureServerStart({ DATA_DIR: knowledgeDir, ...GENEROUS_LIMITS })
  try {
    const ingestion = await measureDocumentIngestion(server.baseUrl)
    const sciFact = await measureSciFactTexts(server.baseUrl)
    knowledge = { ingestion, sciFact, rssAfterMb: round(residentMemoryMb(server.child.pid ?? 0)) }
    console.table([{ ...Object.fromEntries(Object.entries(ingestion).map(([key, value]) => [key, round(value, 2)])) }])
    console.table([sciFact])
  } finally {
    await stopServer(server)
    rmSync(knowledgeDir, { recursive: true, force: true })
  }
}
let extraction: Record<string, unknown> | undefined
if (!process.env.BENCH_SKIP_EXTRACTION) {
  const extractionDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-'))
  try {
    const measured = await measureExtraction({ DATA_DIR: extractionDir, ...GENEROUS_LIMITS })
    extraction = measured
    console.table(measured.honest)
    console.table([
      {
        ...measured.hostile.health,
        outcomes: measured.hostile.outcomes.join(' / '),
        serverAlive: measured.hostile.serverAlive,
        peakRssHonestMb: measured.peakRssHonestMb,
        peakRssMb: measured.hostile.peakRssMb,
      },
    ])
  } finally {
    rmSync(extractionDir, { recursive: true, force: true })
  }
}
let retrieval: Record<string, unknown> | undefined
let chat: Record<string, unknown> | undefined
if (!process.env.BENCH_SKIP_RETRIEVAL) {
  retrieval = await measureRetrieval()
  console.table([retrieval.sciFact])
  console.table([retrieval.offlineAnswers])
  console.table([retrieval.offlineFaqAnswers])
  console.table((retrieval.offlineAnswerPairs as ReturnType<typeof measureOfflineAnswerPairs>).rows)
  console.table(retrieval.latency)
  console.table([retrieval.vectorIndex])
  const chatDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-'))
  try {
    chat = await measureChatOverhead({ DATA_DIR: chatDir, ...GENEROUS_LIMITS })
    console.table([chat])
  } finally {
    rmSync(chatDir, { recursive: true, force: true })
  }
}
let widget: Record<string, unknown> | undefined
if (!process.env.BENCH_SKIP_WIDGET) {
  const widgetDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-'))
  try {
    widget = await measureWidget({ DATA_DIR: widgetDir, ...GENEROUS_LIMITS })
    console.log(JSON.stringify(widget, null, 2))
  } finally {
    rmSync(widgetDir, { recursive: true, force: true })
  }
}
let processes: Record<string, unknown> | undefined
if (!process.env.BENCH_SKIP_PROCESSES && postgresUrl) {
  const processesDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-'))
  try {
    const onePostgresProcess = await withFreshPostgres((url) =>
      measureConcurrentVisitors({ DATA_DIR: processesDir, DATABASE_URL: url, ...GENEROUS_LIMITS }),
    )
    console.table([onePostgresProcess])
    const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
    const twoProcesses = await withFreshPostgres((url) =>
      measureTwoProcesses({ databaseUrl: url, redisUrl, limits: GENEROUS_LIMITS, dataDir: processesDir }),
    )
    console.table([twoProcesses.streamedWithLlm, twoProcesses.offlineAnswerer])
    processes = { onePostgresProcess, twoProcesses }
  } finally {
    rmSync(processesDir, { recursive: true, force: true })
  }
}
let dashboard: Record<string, unknown> | undefined
if (!process.env.BENCH_SKIP_DASHBOARD) {
  const dashboardDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-'))
  try {
    dashboard = await measureDashboard({ DATA_DIR: dashboardDir, ...GENEROUS_LIMITS })
    console.log(JSON.stringify(dashboard, null, 2))
  } finally {
    rmSync(dashboardDir, { recursive: true, force: true })
  }
}
let shopifyApp: Record<string, unknown> | undefined
if (!process.env.BENCH_SKIP_SHOPIFY) {
  const shopifyDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-'))
  try {
    shopifyApp = await measureShopifyApp(shopifyDir)
    console.log(JSON.stringify(shopifyApp, null, 2))
  } finally {
    rmSync(shopifyDir, { recursive: true, force: true })
  }
}
let metering: Record<string, unknown>[] | undefined
if (!process.env.BENCH_SKIP_METERING) {
  metering = await measureMeteringOverhead({ limits: GENEROUS_LIMITS, postgresUrl })
  console.table(metering)
}
let storefront: Record<string, unknown> | undefined
if (!process.env.BENCH_SKIP_STOREFRONT) {
  const storefrontDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-'))
  try {
    storefront = await measureStorefrontWeight({ DATA_DIR: storefrontDir, ...GENEROUS_LIMITS })
    console.log(JSON.stringify(storefront, null, 2))
  } finally {
    rmSync(storefrontDir, { recursive: true, force: true })
  }
}
console.log(
  JSON.stringify(
    {
      benchmark: 'agentdesk',
      node: process.version,
      results,
      knowledge,
      extraction,
      retrieval,
      chat,
      widget,
      processes,
      dashboard,
      shopifyApp,
      metering,
      storefront,
    },
    null,
    2,
  ),
)
process.exit(0)
