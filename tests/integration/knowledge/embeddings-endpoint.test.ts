// @database-specific: vectors stored in the database's vector columns
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { fakeVector, startFakeOpenAi } from '../../support/fake-openai.ts'
import { createAgentFor, waitForJob } from '../../support/knowledge.ts'

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>
let testApp: TestApp
let owner: SignedUp
beforeAll(async () => {
  fake = await startFakeOpenAi({ failFirst: 1 })
  testApp = await createTestApp({ ...fake.config, JOB_POLL_MS: '50', CHUNK_SIZE: '200', CHUNK_OVERLAP: '0' })
  owner = await signUp(testApp)
})
afterAll(async () => {
  await testApp.cleanup()
  await fake.close()
})

describe('embedding through an OpenAI-compatible endpoint', () => {
  it('stores a vector per chunk, in batches, through a 429 retried by the SDK', async () => {
    const agentId = await createAgentFor(testApp, owner)
    const paragraphs = Array.from(
      { length: 10 },
      (_unused, index) =>
        `Paragraph number ${index} talks about topic ${index} at some length so that it fills a chunk.`,
    )
    const { body: text } = await testApp.request
      .post(`/api/agents/${agentId}/texts/create/`)
      .set(bearer(owner.access))
      .send({ text_title: 'Long', text_content: paragraphs.join('\n\n') })
    const started = await testApp.request
      .post(`/api/agents/${agentId}/text/${text.text_id}/embed/`)
      .set(bearer(owner.access))
      .send({})
    expect((await waitForJob(testApp, owner, agentId, started.body.job.job_id)).status).toBe('succeeded')
    const chunks = await testApp.database.prisma.knowledgeChunk.findMany({
      where: { textId: text.text_id },
      orderBy: { position: 'asc' },
    })
    expect(chunks.length).toBeGreaterThan(4)
    for (const chunk of chunks) {
      expect(chunk.embeddingModel).toBe('fake-embed-1')
      expect(chunk.embedding).toHaveLength(8)
      expect(chunk.embedding[0]).toBeCloseTo(fakeVector(`${chunk.title}\n${chunk.content}`)[0] ?? 0, 5)
    }
    expect(fake.batches.every((batch) => batch.length <= 4)).toBe(true)
    expect(fake.batches.flat()).toHaveLength(chunks.length)
    expect(fake.requests()).toBe(fake.batches.length + 1) // the one 429, then success
    const listed = await testApp.request.get(`/api/agents/${agentId}/embeddings/`).set(bearer(owner.access))
    expect(listed.body.embeddings[0]).toMatchObject({
      has_vectors: true,
      embedding_model: 'fake-embed-1',
      chunk_count: chunks.length,
    })
  })
})
