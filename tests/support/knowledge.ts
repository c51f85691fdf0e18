import { expect } from 'vitest'
import type { TestApp } from './create-test-app.ts'
import { bearer, type SignedUp } from './accounts.ts'

export async function createAgentFor(testApp: TestApp, account: SignedUp, name = 'Knowledge bot') {
  const response = await testApp.request.post('/api/agents/create/').set(bearer(account.access)).send({ name })
  return response.body.agent_id as string
}

/** Waits until the job reaches succeeded or failed, and returns it as the API shows it. */
export async function waitForJob(testApp: TestApp, account: SignedUp, agentId: string, jobId: string) {
  let job: { status: string } = { status: 'queued' }
  await expect
    .poll(
      async () => {
        job = (await testApp.request.get(`/api/agents/${agentId}/jobs/${jobId}/`).set(bearer(account.access))).body
        return job.status
      },
      { timeout: 30_000, interval: 100 },
    )
    .toMatch(/succeeded|failed/)
  return job as { status: string; progress: number; error: string | null; attempts: number }
}
