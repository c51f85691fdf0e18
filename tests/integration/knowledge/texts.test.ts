// @database-specific: raw SQL, two embed requests at once race on the job
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor, waitForJob } from '../../support/knowledge.ts'

let testApp: TestApp
let owner: SignedUp
let agentId: string
beforeAll(async () => {
  testApp = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000', JOB_POLL_MS: '50' })
  owner = await signUp(testApp)
  agentId = await createAgentFor(testApp, owner, 'Knowledge bot', { autoEmbed: false })
})
afterAll(() => testApp.cleanup())

const api = (path: string) => `/api/agents/${agentId}${path}`
const addText = (title: string, content: string) =>
  testApp.request
    .post(api('/texts/create/'))
    .set(bearer(owner.access))
    .send({ text_title: title, text_content: content })

describe('texts', () => {
  it('adds, reads, updates and deletes a text', async () => {
    const created = await addText('Opening hours', 'We are open 9 to 5.')
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      text_title: 'Opening hours',
      text_content: 'We are open 9 to 5.',
      embedded: false,
      status: 'pending',
      job: null,
    })
    const textId = created.body.text_id
    expect((await testApp.request.get(api(`/texts/${textId}/`)).set(bearer(owner.access))).body.text_title).toBe(
      'Opening hours',
    )
    const updated = await testApp.request
      .put(api(`/texts/${textId}/update/`))
      .set(bearer(owner.access))
      .send({ text_description: 'Shop hours' })
    expect(updated.body).toMatchObject({ text_description: 'Shop hours', text_content: 'We are open 9 to 5.' })
    expect((await testApp.request.delete(api(`/texts/${textId}/delete/`)).set(bearer(owner.access))).body.message).toBe(
      'Text deleted',
    )
    expect((await testApp.request.get(api(`/texts/${textId}/`)).set(bearer(owner.access))).status).toBe(404)
  })

  it.each([[{ text_title: 'x' }], [{ text_content: 'x' }], [{ text_title: ' ', text_content: 'x' }]])(
    'refuses %j',
    async (body) => {
      const response = await testApp.request.post(api('/texts/create/')).set(bearer(owner.access)).send(body)
      expect(response.status).toBe(400)
      expect(response.body.message).toBe('Text title and content are required')
    },
  )

  it('refuses a title with control characters, and meta_data nested too deep, with their own messages', async () => {
    for (const title of ['Tab\there', 'Line\nbreak', 'Escape\u001b[31m', 'Bell\u0007']) {
      const response = await addText(title, 'Content')
      expect(response.status).toBe(400)
      expect(response.body.message).toBe('Text title must be a single line of text')
    }
    const lines = await testApp.request
      .post(api('/texts/create/'))
      .set(bearer(owner.access))
      .send({ text_title: 'Lines', text_content: 'One\n\tTwo', text_description: 'First\nSecond' })
    expect(lines.status).toBe(201)
    let deep: unknown = 'bottom'
    for (let level = 0; level < 40; level += 1) deep = { next: deep }
    const tooDeep = await testApp.request
      .post(api('/texts/create/'))
      .set(bearer(owner.access))
      .send({ text_title: 'Deep', text_content: 'x', meta_data: deep })
    expect(tooDeep.status).toBe(400)
    expect(tooDeep.body.message).toBe('The request nests more than 32 levels deep, which no field accepts.')
  })

  it('searches titles and content, sorts and paginates', async () => {
    const otherAgent = await createAgentFor(testApp, owner, 'Search bot')
    for (const [title, content] of [
      ['Alpha', 'apples'],
      ['Beta', 'bananas and apples'],
      ['Gamma', 'grapes'],
    ]) {
      await testApp.request
        .post(`/api/agents/${otherAgent}/texts/create/`)
        .set(bearer(owner.access))
        .send({ text_title: title, text_content: content })
    }
    const list = (query: string) =>
      testApp.request.get(`/api/agents/${otherAgent}/texts/?${query}`).set(bearer(owner.access))
    const found = await list('search=APPLES&sort_by=name')
    expect(found.body.texts.map((text: { text_title: string }) => text.text_title)).toEqual(['Alpha', 'Beta'])
    expect(found.body.pagination).toEqual({ page: 1, page_size: 20, total_count: 2, total_pages: 1 })
    const paged = await list('page=2&page_size=2&sort_by=name')
    expect(paged.body.texts.map((text: { text_title: string }) => text.text_title)).toEqual(['Gamma'])
  })

  it("a text of another account's agent is 404", async () => {
    const { body } = await addText('Secret', 'classified')
    const stranger = await signUp(testApp)
    expect((await testApp.request.get(api(`/texts/${body.text_id}/`)).set(bearer(stranger.access))).status).toBe(404)
    expect((await testApp.request.get(api('/texts/')).set(bearer(stranger.access))).status).toBe(404)
  })
})

describe('embedding a text', () => {
  it('runs as a job with progress: chunks indexed for full-text search in the detected language', async () => {
    const { body: text } = await addText(
      'Returns policy',
      'You can return any item within thirty days of delivery. Refunds are paid to the original card.',
    )
    const started = await testApp.request
      .post(api(`/text/${text.text_id}/embed/`))
      .set(bearer(owner.access))
      .send({ object_name: 'Returns policy' })
    expect(started.status).toBe(202)
    expect(started.body).toMatchObject({
      message: 'Embedding started',
      job: { kind: 'embed-item', status: 'queued', object_id: text.text_id },
    })
    const job = await waitForJob(testApp, owner, agentId, started.body.job.job_id)
    expect(job).toMatchObject({ status: 'succeeded', progress: 100 })
    const read = await testApp.request.get(api(`/texts/${text.text_id}/`)).set(bearer(owner.access))
    expect(read.body).toMatchObject({ embedded: true, status: 'ready', job: { status: 'succeeded' } })
    const matches = await testApp.database.prisma.$queryRaw<{ language: string }[]>`
      select language from knowledge_chunks where text_id = ${text.text_id}::uuid and search_vector @@ websearch_to_tsquery('english', 'refund returned')`
    expect(matches).toEqual([{ language: 'english' }])
  })

  it('"Already embedded" for an embedded item; delete-embeddings removes its chunks and allows it again', async () => {
    const { body: text } = await addText('Delivery', 'Parcels arrive within two working days across the country.')
    const first = await testApp.request
      .post(api(`/text/${text.text_id}/embed/`))
      .set(bearer(owner.access))
      .send({})
    await waitForJob(testApp, owner, agentId, first.body.job.job_id)
    const again = await testApp.request
      .post(api(`/text/${text.text_id}/embed/`))
      .set(bearer(owner.access))
      .send({})
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Already embedded')
    const list = await testApp.request.get(api('/embeddings/')).set(bearer(owner.access))
    expect(list.body.embeddings).toContainEqual(
      expect.objectContaining({
        object_type: 'text',
        object_id: text.text_id,
        object_name: 'Delivery',
        chunk_count: 1,
        has_vectors: false,
      }),
    )
    const removed = await testApp.request
      .delete(api(`/text/${text.text_id}/embeddings/delete/`))
      .set(bearer(owner.access))
    expect(removed.body).toMatchObject({ message: 'Embeddings deleted', deleted_chunks: 1 })
    expect(await testApp.database.prisma.knowledgeChunk.count({ where: { textId: text.text_id } })).toBe(0)
    const again2 = await testApp.request
      .post(api(`/text/${text.text_id}/embed/`))
      .set(bearer(owner.access))
      .send({})
    expect(again2.status).toBe(202)
    expect((await waitForJob(testApp, owner, agentId, again2.body.job.job_id)).status).toBe('succeeded')
    expect(await testApp.database.prisma.knowledgeChunk.count({ where: { textId: text.text_id } })).toBe(1)
  })

  it('two embed requests at once start one job; the other is told it is in progress', async () => {
    const { body: text } = await addText('Racing', 'Two clicks on embed at the same moment.')
    const results = await Promise.all(
      [1, 2].map(() =>
        testApp.request
          .post(api(`/text/${text.text_id}/embed/`))
          .set(bearer(owner.access))
          .send({}),
      ),
    )
    expect(results.map((result) => result.status).sort()).toEqual([202, 409])
    expect(results.find((result) => result.status === 409)?.body.message).toMatch(
      /Embedding is already in progress|Already embedded/,
    )
    expect(await testApp.database.prisma.job.count({ where: { subjectId: text.text_id, kind: 'embed-item' } })).toBe(1)
  })

  it('a text being embedded cannot be changed until embedding finishes (nothing is saved)', async () => {
    const { body: text } = await addText('Busy', 'Original words.')
    const { enqueueJob } = await import('../../../server/jobs/enqueue-job.ts')
    const job = await enqueueJob(testApp.database.prisma, {
      kind: 'embed-item',
      subjectType: 'text',
      subjectId: text.text_id,
      payload: { type: 'text', id: 'elsewhere' },
      onlyOneActive: true,
      runAfter: new Date(Date.now() + 60_000),
    })
    const response = await testApp.request
      .put(api(`/texts/${text.text_id}/update/`))
      .set(bearer(owner.access))
      .send({ text_content: 'New words.' })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('This text is being embedded; change it when embedding has finished.')
    expect((await testApp.database.prisma.text.findUniqueOrThrow({ where: { id: text.text_id } })).content).toBe(
      'Original words.',
    )
    await testApp.database.prisma.job.delete({ where: { id: job.id } })
  })

  it('changing an embedded text embeds it again, replacing its chunks', async () => {
    const { body: text } = await addText('Phone', 'Call us on 0800 111.')
    const first = await testApp.request
      .post(api(`/text/${text.text_id}/embed/`))
      .set(bearer(owner.access))
      .send({})
    await waitForJob(testApp, owner, agentId, first.body.job.job_id)
    const updated = await testApp.request
      .put(api(`/texts/${text.text_id}/update/`))
      .set(bearer(owner.access))
      .send({ text_content: 'Call us on 0800 222.' })
    expect(updated.body.job).toMatchObject({ status: 'queued' })
    await waitForJob(testApp, owner, agentId, updated.body.job.job_id)
    const chunks = await testApp.database.prisma.knowledgeChunk.findMany({ where: { textId: text.text_id } })
    expect(chunks.map((chunk) => chunk.content)).toEqual(['Call us on 0800 222.'])
  })

  it('deleting a text deletes its chunks', async () => {
    const { body: text } = await addText('Temporary', 'Soon gone, and its chunks with it.')
    const started = await testApp.request
      .post(api(`/text/${text.text_id}/embed/`))
      .set(bearer(owner.access))
      .send({})
    await waitForJob(testApp, owner, agentId, started.body.job.job_id)
    await testApp.request.delete(api(`/texts/${text.text_id}/delete/`)).set(bearer(owner.access))
    expect(await testApp.database.prisma.knowledgeChunk.count({ where: { textId: text.text_id } })).toBe(0)
  })

  it('an unknown type or item is 404', async () => {
    expect(
      (
        await testApp.request
          .post(api('/spreadsheet/01a1fed8-db14-76e0-9c1b-b18b6b861a9b/embed/'))
          .set(bearer(owner.access))
          .send({})
      ).status,
    ).toBe(404)
    expect(
      (
        await testApp.request
          .post(api('/text/01a1fed8-db14-76e0-9c1b-b18b6b861a9b/embed/'))
          .set(bearer(owner.access))
          .send({})
      ).status,
    ).toBe(404)
  })
})
