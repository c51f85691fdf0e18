// @database-specific: two embed-all calls at once queue each job once
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { startCrawlingTestbed, type CrawlingTestbed } from '../../support/crawling-testbed.ts'
import { createAgentFor, waitForJob } from '../../support/knowledge.ts'
import type { TestApp } from '../../support/create-test-app.ts'

// "Train new knowledge automatically" (issue 19): what an agent with the setting on does with a text,
// a document and a website once read, and Embed all for one with it off.
let testbed: CrawlingTestbed
let testApp: TestApp
let owner: SignedUp
let site: CrawlingTestbed['site']
beforeAll(async () => {
  testbed = await startCrawlingTestbed({ AUTH_RATE_LIMIT_PER_IP: '100000', CRAWL_PAGE_MAX_BYTES: '1000000' })
  ;({ testApp, owner, site } = testbed)
})
afterAll(() => testbed.cleanup())

const get = (path: string, account = owner) => testApp.request.get(`/api${path}`).set(bearer(account.access))
const post = (path: string, body: object = {}, account = owner) =>
  testApp.request.post(`/api${path}`).set(bearer(account.access)).send(body)
const put = (path: string, body: object) => testApp.request.put(`/api${path}`).set(bearer(owner.access)).send(body)

/** Waits until the item reads as embedded; answers it. */
async function embeddedItem(path: string) {
  let item: { embedded: boolean } = { embedded: false }
  await expect
    .poll(
      async () => {
        item = (await get(path)).body
        return item.embedded
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true)
  return item as Record<string, unknown>
}

async function chunkCount(objectId: string) {
  return testApp.database.prisma.knowledgeChunk.count({
    where: { OR: [{ textId: objectId }, { documentId: objectId }, { websiteId: objectId }] },
  })
}

describe('an agent that trains automatically', () => {
  let agentId = ''
  beforeAll(async () => {
    const created = await post('/agents/create/', { name: 'Auto bot' })
    expect(created.body.auto_embed).toBe(true) // on for new agents
    agentId = created.body.agent_id
  })

  it('answers a text saved with its job exactly as both were stored', async () => {
    const created = await post(`/agents/${agentId}/texts/create/`, {
      text_title: 'Gift wrap',
      text_content: 'Gift wrapping costs three euros.',
      text_description: 'Wrapping',
      text_tags: ['gifts'],
      meta_data: { source: 'faq' },
    })
    expect(created.status).toBe(201)
    const text = await testApp.database.prisma.text.findUniqueOrThrow({ where: { id: created.body.text_id } })
    expect(created.body).toMatchObject({
      text_title: text.title,
      text_content: text.content,
      text_description: text.description,
      text_tags: text.tags,
      meta_data: text.metaData,
      created_at: text.createdAt.toISOString(),
    })
    const job = await testApp.database.prisma.job.findUniqueOrThrow({ where: { id: created.body.job.job_id } })
    expect(job).toMatchObject({ kind: 'embed-item', subjectType: 'text', subjectId: text.id, agentId, maxAttempts: 5 })
    expect(job.payload).toEqual({ type: 'text', id: text.id })
    expect(created.body.job.created_at).toBe(job.createdAt.toISOString())
  })

  it('embeds a text when it is saved, and again when its words change', async () => {
    const created = await post(`/agents/${agentId}/texts/create/`, {
      text_title: 'Shipping',
      text_content: 'Orders ship within two days from our warehouse in Lyon.',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ embedded: false, status: 'processing', job: { kind: 'embed-item' } })
    const text = await embeddedItem(`/agents/${agentId}/texts/${created.body.text_id}/`)
    // Its job may still be recording its own end: the item is what says it is done.
    expect(text).toMatchObject({ status: 'ready', job: { kind: 'embed-item' } })
    expect(await chunkCount(created.body.text_id)).toBeGreaterThan(0)

    const changed = await put(`/agents/${agentId}/texts/${created.body.text_id}/update/`, {
      text_content: 'Orders ship within three days from our warehouse in Lyon.',
    })
    expect(changed.status).toBe(200)
    // One answer says both: not embedded yet, and the job that will embed it is on its way.
    expect(changed.body).toMatchObject({ embedded: false, status: 'processing', job: { status: 'queued' } })
    await embeddedItem(`/agents/${agentId}/texts/${created.body.text_id}/`)
    const chunks = await testApp.database.prisma.knowledgeChunk.findMany({ where: { textId: created.body.text_id } })
    expect(chunks.map((chunk) => chunk.content).join(' ')).toContain('three days')
    expect(chunks.map((chunk) => chunk.content).join(' ')).not.toContain('two days')
  })

  it('embeds a document once it has been read', async () => {
    const uploaded = await testApp.request
      .post(`/api/agents/${agentId}/documents/upload/`)
      .set(bearer(owner.access))
      .attach('document_file', Buffer.from('Returns are accepted within 30 days of delivery.\n'), 'returns.txt')
    expect(uploaded.status).toBe(201)
    const document = await embeddedItem(`/agents/${agentId}/documents/${uploaded.body.document_id}/`)
    expect(document).toMatchObject({ status: 'ready', job: { kind: 'embed-item' } })
    expect(await chunkCount(uploaded.body.document_id)).toBeGreaterThan(0)
  })

  it('embeds a website once it has been crawled, and lists the pages read and skipped', async () => {
    const created = await post(`/agents/${agentId}/websites/create/`, {
      website_url: `${site.url}/`,
      website_name: 'Acme',
      crawling: true,
      max_pages: 4,
      exclude_patterns: ['/slow', '/huge', '/to-metadata'],
    })
    expect(created.status).toBe(201)
    const website = await embeddedItem(`/agents/${agentId}/websites/${created.body.website_id}/`)
    expect(website).toMatchObject({ content_status: 'available' })
    const { pages } = (await get(`/agents/${agentId}/websites/${created.body.website_id}/pages/`)).body as {
      pages: { url: string; title: string | null; status: string; reason: string | null }[]
    }
    const embedded = pages.filter((page) => page.status === 'embedded')
    expect(embedded.length).toBe(website.pages_crawled)
    expect(embedded.map((page) => page.url)).toContain(`${site.url}/`)
    expect(pages.find((page) => page.url.endsWith('/private/secret'))).toMatchObject({
      status: 'skipped',
      reason: 'Disallowed by robots.txt',
    })
  })

  it('has nothing waiting for Embed all afterwards', async () => {
    for (const kind of ['texts', 'documents', 'websites']) {
      expect((await get(`/agents/${agentId}/${kind}/`)).body.pending_count).toBe(0)
    }
    const answer = await post(`/agents/${agentId}/text/embed-all/`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'No texts are waiting to be embedded', queued: 0 })
  })
})

describe('an agent whose knowledge waits for Embed', () => {
  let agentId = ''
  beforeAll(async () => {
    agentId = await createAgentFor(testApp, owner, 'Manual bot', { autoEmbed: false })
  })

  it('keeps new texts unembedded, counts them, and Embed all queues each once', async () => {
    const ids: string[] = []
    for (const title of ['One', 'Two', 'Three']) {
      const created = await post(`/agents/${agentId}/texts/create/`, {
        text_title: title,
        text_content: `${title} is a text about reading lamps.`,
      })
      expect(created.body).toMatchObject({ embedded: false, status: 'pending', job: null })
      ids.push(created.body.text_id)
    }
    // Page size 1: the count covers every page, not only the one shown.
    const list = await get(`/agents/${agentId}/texts/?page_size=1`)
    expect(list.body.pending_count).toBe(3)
    expect(list.body.texts).toHaveLength(1)

    // Two calls at once (two tabs, two processes): three jobs, not six.
    const [first, second] = await Promise.all([
      post(`/agents/${agentId}/text/embed-all/`),
      post(`/agents/${agentId}/texts/embed-all/`),
    ])
    expect(first.body.queued + second.body.queued).toBe(3)
    expect([first.status, second.status]).toContain(202)
    const queued = [first.body, second.body].find((body) => body.queued > 0)
    expect(queued.message).toMatch(/^Embedding \d texts?$/)
    expect(await testApp.database.prisma.job.count({ where: { kind: 'embed-item', subjectId: { in: ids } } })).toBe(3)
    for (const id of ids) await embeddedItem(`/agents/${agentId}/texts/${id}/`)
    expect((await get(`/agents/${agentId}/texts/`)).body.pending_count).toBe(0)
  })

  it('leaves out of Embed all a document still being read, a website not crawled yet, and one being crawled', async () => {
    const { prisma } = testApp.database
    const accountId = owner.userId
    await prisma.document.create({
      data: {
        accountId,
        agentId,
        name: 'reading.txt',
        format: 'txt',
        mimeType: 'text/plain',
        storageKey: `agents/${agentId}/documents/reading.txt`,
        sizeBytes: 4,
        status: 'processing',
      },
    })
    await prisma.website.create({ data: { accountId, agentId, url: `${site.url}/never`, name: 'Not crawled' } })
    const recrawling = await prisma.website.create({
      data: { accountId, agentId, url: `${site.url}/again`, name: 'Crawling', contentStatus: 'crawled' },
    })
    // As a worker elsewhere would hold it: leased for an hour, so this app's worker leaves it be.
    await prisma.job.create({
      data: {
        kind: 'crawl-website',
        accountId,
        agentId,
        subjectType: 'website',
        subjectId: recrawling.id,
        activeKey: `crawl-website:${recrawling.id}`,
        status: 'running',
        lockedBy: 'another-worker',
        leaseExpiresAt: new Date(Date.now() + 3_600_000),
        runAfter: new Date(Date.now() + 3_600_000),
      },
    })
    expect((await get(`/agents/${agentId}/documents/`)).body.pending_count).toBe(0)
    expect((await get(`/agents/${agentId}/websites/`)).body.pending_count).toBe(0)
    expect((await post(`/agents/${agentId}/document/embed-all/`)).body.queued).toBe(0)
    expect((await post(`/agents/${agentId}/website/embed-all/`)).body.queued).toBe(0)

    // A website whose crawl has read it is what Embed all embeds.
    const created = await post(`/agents/${agentId}/websites/create/`, {
      website_url: `${site.url}/about`,
      website_name: 'About',
    })
    await waitForJob(testApp, owner, agentId, created.body.job.job_id)
    const crawled = (await get(`/agents/${agentId}/websites/${created.body.website_id}/`)).body
    expect(crawled).toMatchObject({ content_status: 'crawled', embedded: false })
    const pages = (await get(`/agents/${agentId}/websites/${created.body.website_id}/pages/`)).body.pages
    expect(pages).toEqual([{ url: `${site.url}/about`, title: 'About Acme', status: 'read', reason: null }])
    expect((await get(`/agents/${agentId}/websites/`)).body.pending_count).toBe(1)
    const answer = await post(`/agents/${agentId}/website/embed-all/`)
    expect(answer.status).toBe(202)
    expect(answer.body).toEqual({ message: 'Embedding 1 website', queued: 1 })
    await embeddedItem(`/agents/${agentId}/websites/${created.body.website_id}/`)
  })

  it('turns the setting on through the update call, and then trains what is added next', async () => {
    const updated = await put(`/agents/${agentId}/update/`, { auto_embed: true })
    expect(updated.status).toBe(200)
    expect(updated.body.auto_embed).toBe(true)
    const created = await post(`/agents/${agentId}/texts/create/`, { text_title: 'Four', text_content: 'Fourth.' })
    expect(created.body.job).toMatchObject({ kind: 'embed-item' })
    await embeddedItem(`/agents/${agentId}/texts/${created.body.text_id}/`)
    expect((await put(`/agents/${agentId}/update/`, { auto_embed: 'yes' })).body).toMatchObject({
      message: 'auto_embed must be true or false',
    })
  })

  it('never lists an edited text as waiting with nothing on the way (the list reads items and jobs at one moment)', async () => {
    const created = await post(`/agents/${agentId}/texts/create/`, { text_title: 'Edits', text_content: 'Version 0.' })
    await post(`/agents/${agentId}/text/${created.body.text_id}/embed/`)
    await embeddedItem(`/agents/${agentId}/texts/${created.body.text_id}/`)
    for (let version = 1; version <= 8; version += 1) {
      await put(`/agents/${agentId}/texts/${created.body.text_id}/update/`, { text_content: `Version ${version}.` })
      // Read until it is embedded again: every answer on the way either shows it embedded or a job on its way.
      for (;;) {
        const list = (await get(`/agents/${agentId}/texts/`)).body.texts as {
          text_id: string
          embedded: boolean
          job: { status: string } | null
        }[]
        const text = list.find((item) => item.text_id === created.body.text_id)
        if (text?.embedded) break
        expect(['queued', 'running']).toContain(text?.job?.status)
      }
    }
  })

  it('refuses an unknown kind, and another account’s agent', async () => {
    expect((await post(`/agents/${agentId}/pictures/embed-all/`)).status).toBe(404)
    const stranger = await signUp(testApp)
    expect((await post(`/agents/${agentId}/text/embed-all/`, {}, stranger)).status).toBe(404)
  })
})
