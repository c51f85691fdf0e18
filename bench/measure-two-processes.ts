// Two server processes on one PostgreSQL and Redis, behind nginx: visitors asking at once, with a fake
// LLM streaming (time to first token), then with the offline answerer (time to the whole answer).
import { startFakeLlm } from '../tests/support/fake-llm.ts'
import type { SpawnedServer } from '../tests/support/spawn-server.ts'
import { measureServerStart, stopServer } from './measure-server-start.ts'
import { askAtOnce, prepareWidgetAgent, VISITOR_LIMITS } from './measure-visitors.ts'
import { startNginxLoadBalancer } from '../tests/support/nginx-load-balancer.ts'

const SITE = 'https://shop.example.com'

async function behindNginx<T>(env: Record<string, string>, work: (url: string) => Promise<T>): Promise<T> {
  const servers: SpawnedServer[] = []
  try {
    // One after the other: the first applies the migrations.
    for (let index = 0; index < 2; index += 1) servers.push((await measureServerStart(env)).server)
    const nginx = await startNginxLoadBalancer(servers.map((server) => `127.0.0.1:${server.port}`))
    try {
      return await work(nginx.url)
    } finally {
      await nginx.stop()
    }
  } finally {
    for (const server of servers) await stopServer(server)
  }
}

export interface TwoProcessesOptions {
  /** A fresh PostgreSQL database for the run. */
  databaseUrl: string
  redisUrl: string
  limits: Record<string, string>
  dataDir: string
}

export async function measureTwoProcesses({ databaseUrl, redisUrl, limits, dataDir }: TwoProcessesOptions) {
  const env = {
    ...limits,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_STORE: 'redis',
    REDIS_URL: redisUrl,
    TRUST_PROXY: '1',
    ...VISITOR_LIMITS,
  }
  const llm = await startFakeLlm()
  llm.state.tokenDelayMs = 100 // about 2 s per answer, like a real model
  let streamed
  try {
    streamed = await behindNginx({ ...env, ...llm.config }, async (url) =>
      askAtOnce({ baseUrls: [url], siteOrigin: SITE, clientKey: await prepareWidgetAgent(url, SITE), visitors: 500 }),
    )
  } finally {
    await llm.close()
  }
  const offline = await behindNginx(env, async (url) =>
    askAtOnce({ baseUrls: [url], siteOrigin: SITE, clientKey: await prepareWidgetAgent(url, SITE), visitors: 200 }),
  )
  return { streamedWithLlm: streamed, offlineAnswerer: offline }
}
