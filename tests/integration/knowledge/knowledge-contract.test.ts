import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DocumentListSchema,
  EmbedAllAnswerSchema,
  DocumentViewSchema,
  TextListSchema,
  TextViewSchema,
  WebsiteListSchema,
  WebsitePagesSchema,
  WebsiteViewSchema,
} from '../../../server/knowledge/knowledge.schemas.ts'
import { bearer, type SignedUp } from '../../support/accounts.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { startCrawlingTestbed, type CrawlingTestbed } from '../../support/crawling-testbed.ts'
import { waitForJob } from '../../support/knowledge.ts'

// The dashboard types the knowledge calls' answers with knowledge.schemas.ts instead of a copy: every
// item and list must match those schemas exactly, no field missing and none unknown, job included.
let testbed: CrawlingTestbed
let site: CrawlingTestbed['site']
let testApp: TestApp
let owner: SignedUp
let agentId: string
beforeAll(async () => {
  testbed = await startCrawlingTestbed()
  ;({ site, testApp, owner, agentId } = testbed)
})
afterAll(() => testbed.cleanup())

const api = (path: string) => `/api/agents/${agentId}${path}`
const get = (path: string) => testApp.request.get(api(path)).set(bearer(owner.access))

describe('the knowledge contract', () => {
  it('a text, a document and a website, read alone and in their lists, are exactly the views, with their jobs', async () => {
    const text = await testApp.request
      .post(api('/texts/create/'))
      .set(bearer(owner.access))
      .send({ text_title: 'Returns', text_content: 'Returns are free within 30 days.' })
    expect(text.status).toBe(201)
    const embed = await testApp.request
      .post(api(`/text/${text.body.text_id}/embed/`))
      .set(bearer(owner.access))
      .send({})
    await waitForJob(testApp, owner, agentId, embed.body.job.job_id)
    const textView = TextViewSchema.parse((await get(`/texts/${text.body.text_id}/`)).body)
    expect(textView).toMatchObject({ embedded: true, job: { status: 'succeeded' } })
    TextListSchema.parse((await get('/texts/')).body)

    const document = await testApp.request
      .post(api('/documents/upload/'))
      .set(bearer(owner.access))
      .attach('document_file', Buffer.from('Opening hours: 9 to 5.'), 'hours.txt')
    expect(document.status).toBe(201)
    // Reading it runs as a job of its own; the document says when it is ready.
    await expect
      .poll(async () => (await get(`/documents/${document.body.document_id}/`)).body.status, { timeout: 30_000 })
      .toBe('ready')
    DocumentViewSchema.parse((await get(`/documents/${document.body.document_id}/`)).body)
    DocumentListSchema.parse((await get('/documents/')).body)

    const website = await testApp.request
      .post(api('/websites/create/'))
      .set(bearer(owner.access))
      .send({ website_url: `${site.url}/`, website_name: 'Acme home' })
    expect(website.status).toBe(201)
    await waitForJob(testApp, owner, agentId, website.body.job.job_id)
    WebsiteViewSchema.parse((await get(`/websites/${website.body.website_id}/`)).body)
    const websites = WebsiteListSchema.parse((await get('/websites/')).body)
    expect(websites.websites.map((item) => item.website_id)).toEqual([website.body.website_id])
    const pages = WebsitePagesSchema.parse((await get(`/websites/${website.body.website_id}/pages/`)).body)
    expect(pages.pages.map((page) => page.status)).toEqual(['read'])
    const embedAll = await testApp.request.post(api('/website/embed-all/')).set(bearer(owner.access))
    expect(EmbedAllAnswerSchema.parse(embedAll.body)).toEqual({ message: 'Embedding 1 website', queued: 1 })
  })

  it('refuses an answer with a field the server does not send, so the check can fail', async () => {
    const list = (await get('/texts/')).body as { texts: Record<string, unknown>[] }
    const item = list.texts[0]
    expect(TextViewSchema.safeParse({ ...item, surprise: true }).success).toBe(false)
    expect(TextViewSchema.safeParse({ ...item, job: { ...(item?.job as object), extra: 1 } }).success).toBe(false)
  })
})
