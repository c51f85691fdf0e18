import { readFileSync } from 'node:fs'
import { spawnServer, type SpawnedServer } from '../tests/support/spawn-server.ts'

/** Milliseconds from spawning `node server/index.ts` (as `npm start` does) to its first healthy answer. */
export async function measureServerStart(
  env: Record<string, string | undefined>,
): Promise<{ server: SpawnedServer; startMs: number }> {
  const started = performance.now()
  const server = await spawnServer({ ...env, NODE_ENV: 'production' })
  const response = await fetch(`${server.baseUrl}/api/dashboard/api/health/`)
  if (!response.ok) throw new Error(`health answered ${response.status}`)
  return { server, startMs: performance.now() - started }
}

export async function stopServer(server: SpawnedServer) {
  server.child.kill('SIGTERM')
  await server.exited
}

export function residentMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kilobytes / 1024
}
