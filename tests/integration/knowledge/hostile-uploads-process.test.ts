// @database-specific: a server process on the same database
// Issue 15: a real server process (and, on PostgreSQL, a separate worker process) keeps answering while
// hostile files are read, and each fails its own item on the first attempt.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { GOOD_PASSWORD } from '../../support/accounts.ts'
import { createDatabaseLocation, type DatabaseLocation } from '../../support/create-test-database.ts'
import { manyPagePdf, wordBomb } from '../../support/hostile-files.ts'
import { spawnServer, type SpawnedServer } from '../../support/spawn-server.ts'

const WORKER_ENTRY = fileURLToPath(new URL('../../../scripts/run-worker.ts', import.meta.url))
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startServer(env: Record<string, string | undefined>): Promise<SpawnedServer> {
  const server = await spawnServer(env)
  cleanups.push(async () => {
    server.child.kill('SIGKILL')
    await server.exited
  })
  return server
}

function startWorkerProcess(env: Record<string, string | undefined>) {
  const worker = spawn(process.execPath, [WORKER_ENTRY], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve))
  cleanups.push(async () => {
    worker.kill('SIGKILL')
    await exited
  })
  return { worker, output: () => output, isRunning: () => worker.exitCode === null && worker.signalCode === null }
}

async function call(baseUrl: string, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json')
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON, read as the test needs
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, any> }
}

/** Health probes every 200 ms until stopped: every answer's status (npm run bench reports their latency). */
function probeHealth(baseUrl: string) {
  const answers: { status: number }[] = []
  let isProbing = true
  const probing = (async () => {
    while (isProbing) {
      const status = await fetch(`${baseUrl}/api/dashboard/api/health/`, { signal: AbortSignal.timeout(10_000) }).then(
        (response) => response.status,
        () => 0,
      )
      answers.push({ status })
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })()
  return {
    answers,
    stop: async () => {
      isProbing = false
      await probing
      return answers
    },
  }
}

async function uploadHostileFiles(baseUrl: string) {
  const email = `hostile-${Date.now()}@example.com`
  const registered = await call(baseUrl, '/api/accounts/register/', {
    method: 'POST',
    body: JSON.stringify({ email, password: GOOD_PASSWORD, full_name: 'Attacker' }),
  })
  expect(registered.status).toBe(201)
  const token = registered.body.tokens.access as string
  const agent = await call(baseUrl, '/api/agents/create/', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Target' }),
  })
  const files: [Buffer, string][] = [
    [await wordBomb({ expandedMb: 300 }), 'bomb.docx'],
    [manyPagePdf(100_000), 'endless.pdf'],
  ]
  const documentIds: string[] = []
  for (const [bytes, name] of files) {
    const form = new FormData()
    form.append('document_file', new Blob([new Uint8Array(bytes)]), name)
    const uploaded = await call(baseUrl, `/api/agents/${agent.body.agent_id}/documents/upload/`, {
      method: 'POST',
      token,
      body: form,
    })
    expect(uploaded.status).toBe(201)
    documentIds.push(uploaded.body.document_id)
  }
  return { token, agentId: agent.body.agent_id as string, documentIds }
}

async function waitUntilFailed(baseUrl: string, token: string, agentId: string, documentIds: string[]) {
  const documents: { status_error: string | null }[] = []
  for (const id of documentIds) {
    await expect
      .poll(async () => (await call(baseUrl, `/api/agents/${agentId}/documents/${id}/`, { token })).body.status, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe('failed')
    documents.push(
      (await call(baseUrl, `/api/agents/${agentId}/documents/${id}/`, { token })).body as {
        status_error: string | null
      },
    )
  }
  const jobs = (await call(baseUrl, `/api/agents/${agentId}/jobs/`, { token })).body.jobs as {
    attempts: number
    status: string
  }[]
  return { documents, jobs }
}

// The PDF's pages are all read (no page cap) until the time limit stops the thread: 100,000 pages take
// far longer than the six seconds of extraction during which the server must go on answering.
const LONG_EXTRACTION = { EXTRACT_MAX_PAGES: '200000', EXTRACT_TIMEOUT_SECONDS: '6', JOB_POLL_MS: '100' }
const REASONS = [/^This file expands to more than 100 MB/, /^Reading this file took longer than 6 seconds/]

describe('hostile uploads against a running server', () => {
  it('the server answers health throughout, and each file fails its item once with its reason', async () => {
    const location: DatabaseLocation = await createDatabaseLocation()
    cleanups.push(() => location.destroy())
    const separateWorker = inject('databaseKind') === 'postgres'
    const env = {
      DATA_DIR: location.DATA_DIR,
      DATABASE_URL: location.DATABASE_URL,
      ...LONG_EXTRACTION,
      WORKER_IN_SERVER: separateWorker ? 'false' : 'true',
    }
    const server = await startServer(env)
    const worker = separateWorker ? startWorkerProcess(env) : null
    const { token, agentId, documentIds } = await uploadHostileFiles(server.baseUrl)
    const health = probeHealth(server.baseUrl)
    const { documents, jobs } = await waitUntilFailed(server.baseUrl, token, agentId, documentIds)
    const answers = await health.stop()
    expect(answers.length).toBeGreaterThan(5)
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([])
    expect(documents.map((document) => document.status_error)).toEqual([
      expect.stringMatching(REASONS[0]!),
      expect.stringMatching(REASONS[1]!),
    ])
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual([
      ['failed', 1],
      ['failed', 1],
    ])
    expect(server.child.exitCode).toBeNull()
    if (worker) expect(worker.isRunning()).toBe(true)
  }, 120_000)
})
