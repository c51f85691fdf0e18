// @database-specific: vectors stored in the database's vector columns
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { startWorker } from '../../../server/jobs/run-worker.ts'
import { createEmbedder } from '../../../server/knowledge/indexing/create-embedder.ts'
import { createEmbedItemHandler, EMBED_ITEM } from '../../../server/knowledge/embedding/embed-item-job.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { startFakeOpenAi } from '../../support/fake-openai.ts'
import { createAgentFor } from '../../support/knowledge.ts'

// Issue 23: an agent's queued embed jobs run in batches (many texts per run, many chunks per embeddings
// call), while each text keeps its own job, status and error.
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>
let testApp: TestApp
let owner: SignedUp
beforeAll(async () => {
  fake = await startFakeOpenAi()
  // No worker in the server: the test starts one once the jobs wait, so they are taken up together.
  testApp = await createTestApp({ ...fake.config, EMBEDDING_BATCH_SIZE: '64', WORKER_IN_SERVER: 'false' })
  owner = await signUp(testApp)
})
afterAll(async () => {
  await testApp.cleanup()
  await fake.close()
})

const post = (path: string, body: object = {}) =>
  testApp.request.post(`/api${path}`).set(bearer(owner.access)).send(body)

function startEmbedWorker() {
  const { database, config } = testApp
  return startWorker({
    database,
    logger: createLogger({ LOG_LEVEL: 'silent' }),
    handlers: {
      [EMBED_ITEM.kind]: createEmbedItemHandler({
        database,
        embedder: createEmbedder(config),
        chunk: { size: config.CHUNK_SIZE, overlap: 0 },
      }),
    },
    pollMs: 50,
    backoffMs: () => 0,
  })
}

async function allFinished(agentId: string) {
  await expect
    .poll(
      () =>
        testApp.database.prisma.job.count({
          where: { agentId, kind: EMBED_ITEM.kind, status: { in: ['queued', 'running'] } },
        }),
      { timeout: 30_000, interval: 100 },
    )
    .toBe(0)
}

describe('embedding an agent’s waiting texts in batches', () => {
  it('embeds twelve texts in one embeddings call; a text deleted meanwhile fails only its own job', async () => {
    const agentId = await createAgentFor(testApp, owner, 'Batched', { autoEmbed: false })
    const ids: string[] = []
    for (let index = 0; index < 12; index++) {
      const text = await post(`/agents/${agentId}/texts/create/`, {
        text_title: `Fact ${index}`,
        text_content: `Fact number ${index}: the lighthouse keeper counts ${index} ships before dawn.`,
      })
      ids.push(text.body.text_id as string)
    }
    expect((await post(`/agents/${agentId}/text/embed-all/`)).body.queued).toBe(12)
    const deleted = ids[3] as string
    expect(
      (await testApp.request.delete(`/api/agents/${agentId}/texts/${deleted}/delete/`).set(bearer(owner.access)))
        .status,
    ).toBeLessThan(300)

    const worker = startEmbedWorker()
    try {
      await allFinished(agentId)
    } finally {
      await worker.stop(1_000)
    }

    const jobs = await testApp.database.prisma.job.findMany({ where: { agentId, kind: EMBED_ITEM.kind } })
    expect(jobs).toHaveLength(12)
    for (const job of jobs) {
      if (job.subjectId === deleted)
        expect(job).toMatchObject({ status: 'failed', lastError: 'The item was deleted before it could be embedded.' })
      else
        expect(job).toMatchObject({
          status: 'succeeded',
          progress: 100,
          attempts: 1,
          lockedBy: null,
          activeKey: null,
          result: { sections: 1, chunks: 1 },
        })
    }
    // Every text reads as embedded, with its own job finished, as the list shows it.
    const list = await testApp.request.get(`/api/agents/${agentId}/texts/`).set(bearer(owner.access))
    expect(list.body.texts).toHaveLength(11)
    for (const text of list.body.texts as {
      embedded: boolean
      status: string
      job: { status: string; object_id: string }
    }[]) {
      expect(text).toMatchObject({ embedded: true, status: 'ready', job: { status: 'succeeded' } })
    }
    expect(list.body.pending_count).toBe(0)
    // One embeddings call carried the eleven texts' passages, instead of one call each.
    const inputs = fake.batches.filter((batch) => batch.some((input) => input.includes('lighthouse keeper')))
    expect(inputs).toHaveLength(1)
    expect(inputs[0]).toHaveLength(11)
    const chunks = await testApp.database.prisma.knowledgeChunk.findMany({ where: { agentId } })
    expect(chunks).toHaveLength(11)
    expect(chunks.every((chunk) => chunk.embedding.length > 0 && chunk.embeddingModel === 'fake-embed-1')).toBe(true)
  })

  it('keeps a text’s 409s: while its job waits, and once it is embedded', async () => {
    const agentId = await createAgentFor(testApp, owner, 'Rules', { autoEmbed: false })
    const text = await post(`/agents/${agentId}/texts/create/`, {
      text_title: 'Tide',
      text_content: 'High tide at noon.',
    })
    const started = await post(`/agents/${agentId}/text/${text.body.text_id}/embed/`)
    expect(started.status).toBe(202)
    const again = await post(`/agents/${agentId}/text/${text.body.text_id}/embed/`)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Embedding is already in progress')
    expect(again.body.job.job_id).toBe(started.body.job.job_id)

    const worker = startEmbedWorker()
    try {
      await allFinished(agentId)
    } finally {
      await worker.stop(1_000)
    }
    const embedded = await post(`/agents/${agentId}/text/${text.body.text_id}/embed/`)
    expect(embedded.status).toBe(409)
    expect(embedded.body.message).toBe('Already embedded')
  })
})
