// @database-specific: vector search over the catalogue
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { retrievePassages } from '../../../server/chat/retrieval/retrieve-passages.ts'
import { createVectorSearch } from '../../../server/chat/retrieval/search-vectors.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor, waitForJob } from '../../support/knowledge.ts'
import { silentLogger } from '../../support/shopify-testbed.ts'

let testApp: TestApp
let owner: SignedUp
let agentId: string

beforeAll(async () => {
  testApp = await createTestApp({ JOB_POLL_MS: '25' })
  owner = await signUp(testApp)
  agentId = await createAgentFor(testApp, owner, 'Knowledge bot', { autoEmbed: false })
})
afterAll(async () => testApp.cleanup())

/** Adds a text through the API, gives it a source URL as the store import does, and embeds it. */
async function embeddedText(title: string, content: string, sourceUrl: string | null) {
  const text = await testApp.request
    .post(`/api/agents/${agentId}/texts/create/`)
    .set(bearer(owner.access))
    .send({ text_title: title, text_content: content })
  await testApp.database.prisma.text.update({ where: { id: text.body.text_id }, data: { sourceUrl } })
  const embed = await testApp.request
    .post(`/api/agents/${agentId}/text/${text.body.text_id}/embed/`)
    .set(bearer(owner.access))
    .send({})
  expect((await waitForJob(testApp, owner, agentId, embed.body.job.job_id)).status).toBe('succeeded')
  return text.body.text_id as string
}

describe("a text's source URL", () => {
  it("becomes its section's and passages' source URL, which retrieval returns", async () => {
    const linked = await embeddedText(
      'Glacier boots',
      'Glacier boots are waterproof leather boots with crampon welts.',
      'https://alpine.example/products/glacier-boots',
    )
    const plain = await embeddedText('Opening hours', 'The shop opens at nine every morning except Sunday.', null)
    const sections = await testApp.database.prisma.knowledgeSection.findMany({
      where: { textId: { in: [linked, plain] } },
      select: { textId: true, sourceUrl: true },
    })
    expect(sections).toEqual(
      expect.arrayContaining([
        { textId: linked, sourceUrl: 'https://alpine.example/products/glacier-boots' },
        { textId: plain, sourceUrl: null },
      ]),
    )
    const chunks = await testApp.database.prisma.knowledgeChunk.findMany({ where: { textId: linked } })
    expect(chunks.map((chunk) => chunk.sourceUrl)).toEqual(
      chunks.map(() => 'https://alpine.example/products/glacier-boots'),
    )

    const { database } = testApp
    const retriever = {
      database,
      embedder: null,
      logger: silentLogger,
      vectors: createVectorSearch(database, 'in-process', 1_000_000),
      topK: 5,
      minSimilarity: 0.3,
    }
    const [passage] = await retrievePassages({ retriever, agentId, question: 'Are the glacier boots waterproof?' })
    expect(passage).toMatchObject({ textId: linked, sourceUrl: 'https://alpine.example/products/glacier-boots' })
  })

  it('a changed URL re-indexes the text on its next embedding', async () => {
    const id = await embeddedText('Rope', 'A 60 metre dynamic rope.', 'https://alpine.example/products/rope')
    await testApp.database.prisma.text.update({
      where: { id },
      data: { sourceUrl: 'https://alpine.example/products/rope-60m', embedded: false },
    })
    const embed = await testApp.request
      .post(`/api/agents/${agentId}/text/${id}/embed/`)
      .set(bearer(owner.access))
      .send({})
    expect((await waitForJob(testApp, owner, agentId, embed.body.job.job_id)).status).toBe('succeeded')
    const chunks = await testApp.database.prisma.knowledgeChunk.findMany({ where: { textId: id } })
    expect(new Set(chunks.map((chunk) => chunk.sourceUrl))).toEqual(
      new Set(['https://alpine.example/products/rope-60m']),
    )
  })
})
