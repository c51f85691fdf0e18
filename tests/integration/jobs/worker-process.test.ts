// @database-specific: a worker process on the same database
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { bearer, signUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor, waitForJob } from '../../support/knowledge.ts'

const WORKER_ENTRY = fileURLToPath(new URL('../../../scripts/run-worker.ts', import.meta.url))

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp({ WORKER_IN_SERVER: 'false' })
})
afterAll(() => testApp.cleanup())

describe('npm run worker', () => {
  it('a separate worker process runs the jobs a server without its own worker queues (PostgreSQL), or refuses the embedded database', async () => {
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: testApp.config.DATA_DIR,
      DATABASE_URL: testApp.config.DATABASE_URL,
      LOG_LEVEL: 'info',
      JOB_POLL_MS: '100',
    }
    const worker = spawn(process.execPath, [WORKER_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve))
    try {
      if (inject('databaseKind') === 'embedded') {
        expect(await exited).toBe(1)
        expect(output).toContain('npm run worker needs DATABASE_URL')
        return
      }
      const account = await signUp(testApp)
      const agentId = await createAgentFor(testApp, account)
      const { body: text } = await testApp.request
        .post(`/api/agents/${agentId}/texts/create/`)
        .set(bearer(account.access))
        .send({ text_title: 'Far away', text_content: 'Processed by another process.' })
      const started = await testApp.request
        .post(`/api/agents/${agentId}/text/${text.text_id}/embed/`)
        .set(bearer(account.access))
        .send({})
      const job = await waitForJob(testApp, account, agentId, started.body.job.job_id)
      expect(job.status).toBe('succeeded')
      const row = await testApp.database.prisma.job.findUniqueOrThrow({ where: { id: started.body.job.job_id } })
      expect(row.lockedBy).toBeNull()
      expect(output).toContain('job worker started')
    } finally {
      worker.kill('SIGTERM')
      await exited
    }
  })
})
