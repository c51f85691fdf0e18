import { expect } from 'vitest'
import type { TestApp } from './create-test-app.ts'
import { bearer, type SignedUp } from './accounts.ts'

/** An agent of the account; `autoEmbed: false` for one whose knowledge waits for Embed, as before the setting. */
export async function createAgentFor(
  testApp: TestApp,
  account: SignedUp,
  name = 'Knowledge bot',
  { autoEmbed = true }: { autoEmbed?: boolean } = {},
) {
  const response = await testApp.request
    .post('/api/agents/create/')
    .set(bearer(account.access))
    .send({ name, auto_embed: autoEmbed })
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

/** Adds a text to the agent and embeds it, waiting until its passages are searchable. */
export async function addEmbeddedText(
  testApp: TestApp,
  account: SignedUp,
  agentId: string,
  title: string,
  content: string,
) {
  const text = await testApp.request
    .post(`/api/agents/${agentId}/texts/create/`)
    .set(bearer(account.access))
    .send({ text_title: title, text_content: content })
  expect(text.status).toBe(201)
  // An agent that trains automatically has queued the text's embedding already; otherwise it is asked for.
  let jobId = (text.body.job as { job_id: string } | null)?.job_id
  if (!jobId) {
    const embed = await testApp.request
      .post(`/api/agents/${agentId}/text/${text.body.text_id}/embed/`)
      .set(bearer(account.access))
      .send({})
    expect(embed.status).toBe(202)
    jobId = embed.body.job.job_id as string
  }
  // A plain loop, not expect.poll: this also runs in beforeAll.
  const deadline = Date.now() + 30_000
  for (;;) {
    const job = (await testApp.request.get(`/api/agents/${agentId}/jobs/${jobId}/`).set(bearer(account.access)))
      .body as { status: string; error: string | null }
    if (job.status === 'succeeded') break
    if (job.status === 'failed' || Date.now() > deadline) throw new Error(`embedding ${job.status}: ${job.error}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return text.body.text_id as string
}
