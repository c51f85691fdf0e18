// Reading uploaded documents: throughput on large honest files, the server's peak memory, and the health
// check's latency while hostile files (a Word bomb, a 20,000-page PDF) are being read. Figures only.
import { readFileSync } from 'node:fs'
import { manyPagePdf, productCsv, wordBomb } from '../tests/support/hostile-files.ts'
import { spawnServer, type SpawnedServer } from '../tests/support/spawn-server.ts'

const PASSWORD = 'Correct-Horse-9'
const round = (value: number, digits = 1) => Number(value.toFixed(digits))
const percentile = (values: number[], fraction: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * fraction))] ?? 0

function peakMemoryMb(pid: number) {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
  } catch {
    return 0 // the process is gone
  }
}

async function call(
  baseUrl: string,
  path: string,
  token: string | null,
  init: { method?: string; json?: unknown; form?: FormData } = {},
) {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {}
  if (init.json) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.form ?? (init.json ? JSON.stringify(init.json) : undefined),
  })
  return (await response.json()) as Record<string, unknown>
}

async function signUp(baseUrl: string) {
  const registered = await call(baseUrl, '/api/accounts/register/', null, {
    method: 'POST',
    json: { email: `extract-${Date.now()}@example.com`, password: PASSWORD, full_name: 'Bench' },
  })
  const token = (registered.tokens as { access: string }).access
  const agent = await call(baseUrl, '/api/agents/create/', token, {
    method: 'POST',
    json: { name: 'Extraction bench' },
  })
  return { token, agentId: String(agent.agent_id) }
}

async function upload(baseUrl: string, token: string, agentId: string, bytes: Buffer, name: string) {
  const form = new FormData()
  form.append('document_file', new Blob([new Uint8Array(bytes)]), name)
  return String(
    (await call(baseUrl, `/api/agents/${agentId}/documents/upload/`, token, { method: 'POST', form })).document_id,
  )
}

const isAlive = (server: SpawnedServer) => server.child.exitCode === null && server.child.signalCode === null

/** Waits until every document is ready or failed, or the server dies; the outcome of each. */
async function settle(server: SpawnedServer, token: string, agentId: string, ids: string[], limitMs: number) {
  const deadline = Date.now() + limitMs
  const outcome: Record<string, string> = {}
  while (Date.now() < deadline && isAlive(server)) {
    for (const id of ids.filter((candidate) => !outcome[candidate])) {
      const document = await call(server.baseUrl, `/api/agents/${agentId}/documents/${id}/`, token).catch(() => null)
      if (document && (document.status === 'ready' || document.status === 'failed'))
        outcome[id] = document.status === 'ready' ? 'ready' : `failed: ${String(document.status_error).slice(0, 60)}`
    }
    if (ids.every((id) => outcome[id])) return ids.map((id) => outcome[id]!)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return ids.map((id) => outcome[id] ?? (isAlive(server) ? 'still processing' : 'server died'))
}

/** Health every 100 ms while `work` runs: latency percentiles and the probes that got no answer in 2 s. */
async function healthDuring<T>(server: SpawnedServer, work: () => Promise<T>) {
  const latencies: number[] = []
  let unanswered = 0
  let isDone = false
  const probing = (async () => {
    while (!isDone) {
      const started = performance.now()
      const ok = await fetch(`${server.baseUrl}/api/dashboard/api/health/`, {
        signal: AbortSignal.timeout(2_000),
      }).then(
        (response) => response.ok,
        () => false,
      )
      if (ok) latencies.push(performance.now() - started)
      else unanswered++
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  const result = await work()
  isDone = true
  await probing
  return {
    result,
    health: {
      probes: latencies.length + unanswered,
      unanswered,
      p50Ms: round(percentile(latencies, 0.5), 1),
      p99Ms: round(percentile(latencies, 0.99), 1),
      maxMs: round(Math.max(0, ...latencies), 1),
    },
  }
}

/** Starts its own server on `env`; returns honest-file throughput, hostile-file health, and peak RSS. */
export async function measureExtraction(env: Record<string, string | undefined>) {
  const server = await spawnServer({ ...env, NODE_ENV: 'production', JOB_POLL_MS: '100' })
  const pid = server.child.pid ?? 0
  try {
    const { token, agentId } = await signUp(server.baseUrl)
    const honest: Record<string, unknown>[] = []
    // [label, file, pages or rows, MB of content read (a .docx's unpacked XML, not its zip)]
    const pdf = manyPagePdf(5_000)
    const csv = productCsv(600_000)
    const files: [string, Buffer, number, number][] = [
      ['PDF, 5,000 pages', pdf, 5_000, pdf.length / 1_048_576],
      ['CSV, 600,000 rows', csv, 600_000, csv.length / 1_048_576],
      ['Word, 20 MB of XML', await wordBomb({ expandedMb: 20 }), 0, 20],
    ]
    for (const [label, bytes, units, contentMb] of files) {
      const started = performance.now()
      const { result, health } = await healthDuring(server, async () =>
        settle(
          server,
          token,
          agentId,
          [
            await upload(
              server.baseUrl,
              token,
              agentId,
              bytes,
              label.startsWith('PDF') ? 'long.pdf' : label.startsWith('CSV') ? 'rows.csv' : 'long.docx',
            ),
          ],
          600_000,
        ),
      )
      const seconds = (performance.now() - started) / 1000
      honest.push({
        file: label,
        uploadMb: round(bytes.length / 1_048_576, 1),
        outcome: result[0],
        seconds: round(seconds, 2),
        mbPerSecond: round(contentMb / seconds, 2),
        unitsPerSecond: units ? round(units / seconds, 0) : undefined,
        healthP99Ms: health.p99Ms,
        healthMaxMs: health.maxMs,
        unanswered: health.unanswered,
      })
    }
    const peakRssHonestMb = round(peakMemoryMb(pid))
    const hostile = await healthDuring(server, async () => {
      const ids = [
        await upload(server.baseUrl, token, agentId, await wordBomb({ expandedMb: 300 }), 'bomb.docx'),
        await upload(server.baseUrl, token, agentId, manyPagePdf(20_000), 'endless.pdf'),
      ]
      return settle(server, token, agentId, ids, 300_000)
    })
    return {
      honest,
      peakRssHonestMb,
      hostile: {
        outcomes: hostile.result,
        health: hostile.health,
        serverAlive: isAlive(server),
        peakRssMb: round(peakMemoryMb(pid)),
      },
    }
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
  }
}
