import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { startCrawlingTestbed, type CrawlingTestbed } from '../../support/crawling-testbed.ts'
import { createAgentFor, waitForJob } from '../../support/knowledge.ts'

let testbed: CrawlingTestbed
let site: CrawlingTestbed['site']
let testApp: TestApp
let owner: SignedUp
let agentId: string
beforeAll(async () => {
  testbed = await startCrawlingTestbed({ AUTH_RATE_LIMIT_PER_IP: '100000', CRAWL_PAGE_MAX_BYTES: '1000000' })
  ;({ site, testApp, owner, agentId } = testbed)
})
afterAll(() => testbed.cleanup())

const api = (path: string) => `/api/agents/${agentId}${path}`

async function addAndCrawl(body: object, app = testApp) {
  const created = await app.request.post(api('/websites/create/')).set(bearer(owner.access)).send(body)
  expect(created.status).toBe(201)
  expect(created.body).toMatchObject({ content_status: 'pending', job: { kind: 'crawl-website', status: 'queued' } })
  const job = await waitForJob(app, owner, agentId, created.body.job.job_id)
  const website = (await app.request.get(api(`/websites/${created.body.website_id}/`)).set(bearer(owner.access))).body
  const result = (await app.database.prisma.job.findUniqueOrThrow({ where: { id: created.body.job.job_id } }))
    .result as { skipped: { url: string; reason: string }[] } | null
  const sections = await app.database.prisma.knowledgeSection.findMany({
    where: { websiteId: created.body.website_id },
    orderBy: { position: 'asc' },
  })
  return { job, website, result, sections }
}

describe('crawling a website', () => {
  it('one page: its main content only, no menus or footers, links not followed', async () => {
    const { website, sections } = await addAndCrawl({ website_url: `${site.url}/`, website_name: 'Acme home' })
    expect(website).toMatchObject({ content_status: 'crawled', pages_crawled: 1, status_error: null })
    expect(sections).toHaveLength(1)
    expect(sections[0]?.content).toContain('We sell reading lamps')
    expect(sections[0]?.content).not.toContain('Menu item')
    expect(sections[0]?.content).not.toContain('Footer text')
    expect(sections[0]?.sourceUrl).toBe(`${site.url}/`)
  })

  it('the whole site: sitemap and links, robots.txt honoured, redirects followed, loops visited once, bad pages skipped with reasons', async () => {
    site.requested.length = 0
    const { job, website, result, sections } = await addAndCrawl({
      website_url: `${site.url}/`,
      website_name: 'Acme site',
      crawling: true,
    })
    expect(job.status).toBe('succeeded')
    const urls = sections.map((section) => section.sourceUrl).sort()
    expect(urls).toEqual(
      [`${site.url}/`, `${site.url}/about`, `${site.url}/loop-a`, `${site.url}/loop-b`, `${site.url}/new-home`].sort(),
    )
    expect(site.requested.filter((path) => path.startsWith('/private'))).toEqual([])
    expect(site.requested.filter((path) => path === '/loop-a')).toHaveLength(1)
    expect(site.requested).not.toContain('/logo.png')
    const reasons = Object.fromEntries((result?.skipped ?? []).map((skip) => [new URL(skip.url).pathname, skip.reason]))
    expect(reasons['/private/secret']).toBe('Disallowed by robots.txt')
    expect(reasons['/slow']).toMatch(/did not answer within 1 seconds/)
    expect(reasons['/huge']).toMatch(/larger than 1 MB/)
    expect(reasons['/to-metadata']).toBe('Redirects off the site, to 169.254.169.254')
    expect(reasons['/to-private']).toBe('Redirects to a page robots.txt disallows')
    expect(reasons['/about-again']).toBe(`The same page as ${site.url}/about`)
    expect(website).toMatchObject({ content_status: 'crawled', pages_crawled: 5 })
  })

  it('a start page that redirects to the cloud metadata address is refused when connecting, and the item says why', async () => {
    const { job, website } = await addAndCrawl({ website_url: `${site.url}/to-metadata`, website_name: 'Trap' })
    expect(job.status).toBe('failed')
    expect(website).toMatchObject({ content_status: 'failed' })
    expect(website.status_error).toMatch(/169\.254\.169\.254 resolves to a private or reserved address/)
  })

  it('include and exclude patterns and max_pages limit what is read', async () => {
    const { sections } = await addAndCrawl({
      website_url: `${site.url}/`,
      website_name: 'Loops',
      crawling: true,
      include_patterns: ['/loop-*'],
      max_pages: 3,
    })
    expect(sections.map((section) => new URL(section.sourceUrl ?? '').pathname).sort()).toEqual([
      '/',
      '/loop-a',
      '/loop-b',
    ])
  })

  it('a re-crawl changes only what changed, never duplicating chunks, and keeps the embedded index current', async () => {
    const { website } = await addAndCrawl({
      website_url: `${site.url}/`,
      website_name: 'Recrawled',
      crawling: true,
      max_pages: 4,
      exclude_patterns: ['/slow', '/huge', '/to-metadata'],
    })
    const embed = await testApp.request
      .post(api(`/website/${website.website_id}/embed/`))
      .set(bearer(owner.access))
      .send({})
    await waitForJob(testApp, owner, agentId, embed.body.job.job_id)
    expect(
      (await testApp.request.get(api(`/websites/${website.website_id}/`)).set(bearer(owner.access))).body,
    ).toMatchObject({ embedded: true, content_status: 'available' })
    const chunksBefore = await testApp.database.prisma.knowledgeChunk.findMany({
      where: { websiteId: website.website_id },
      orderBy: { position: 'asc' },
    })

    site.content['/about'] = '<p>Acme was founded in 2001, and now also repairs old lamps of any brand.</p>'
    const recrawl = await testApp.request.post(api(`/websites/${website.website_id}/crawl/`)).set(bearer(owner.access))
    expect(recrawl.status).toBe(202)
    expect((await waitForJob(testApp, owner, agentId, recrawl.body.job.job_id)).status).toBe('succeeded')
    const chunksAfter = await testApp.database.prisma.knowledgeChunk.findMany({
      where: { websiteId: website.website_id },
      orderBy: { position: 'asc' },
    })
    expect(chunksAfter).toHaveLength(chunksBefore.length)
    const changed = chunksAfter.filter((chunk) => !chunksBefore.some((before) => before.id === chunk.id))
    expect(changed.map((chunk) => chunk.sourceUrl)).toEqual([`${site.url}/about`])
    expect(changed[0]?.content).toContain('founded in 2001')
  })

  it('without an allow-list the crawler refuses loopback, by address and by name', async () => {
    const strict = await createTestApp({ JOB_POLL_MS: '50', CRAWL_TIMEOUT_MS: '2000' })
    try {
      const account = await signUp(strict)
      const strictAgent = await createAgentFor(strict, account, 'Strict bot', { autoEmbed: false })
      for (const url of [`${site.url}/`, `http://localhost:${new URL(site.url).port}/`]) {
        const created = await strict.request
          .post(`/api/agents/${strictAgent}/websites/create/`)
          .set(bearer(account.access))
          .send({ website_url: url, website_name: 'Inside' })
        const job = await waitForJob(strict, account, strictAgent, created.body.job.job_id)
        expect(job.status).toBe('failed')
        // The worker records the job failed, then its website: two writes, so the website may lag a moment.
        const readWebsite = async () =>
          (
            await strict.request
              .get(`/api/agents/${strictAgent}/websites/${created.body.website_id}/`)
              .set(bearer(account.access))
          ).body as { content_status: string; status_error: string | null }
        await expect.poll(async () => (await readWebsite()).content_status, { timeout: 10_000 }).toBe('failed')
        expect((await readWebsite()).status_error).toMatch(/resolves to a private or reserved address/)
      }
    } finally {
      await strict.cleanup()
    }
  })

  it.each([
    [{ website_url: 'not a url', website_name: 'x' }, 'Please enter a valid website URL (http or https)'],
    [{ website_url: 'ftp://example.com/', website_name: 'x' }, 'Please enter a valid website URL (http or https)'],
    [{ website_url: 'https://example.com/' }, 'Website name is required'],
    [{ website_url: 'https://example.com/', website_name: 'x', max_pages: 0 }, 'max_pages must be between 1 and 1000'],
    [
      { website_url: 'https://example.com/', website_name: 'x', include_patterns: ['docs'] },
      'Path patterns start with / (for example /docs/*)',
    ],
  ])('refuses %j', async (body, message) => {
    const response = await testApp.request.post(api('/websites/create/')).set(bearer(owner.access)).send(body)
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  it('lists, updates (a new URL re-crawls) and deletes websites', async () => {
    const { website } = await addAndCrawl({ website_url: `${site.url}/about`, website_name: 'About page' })
    const listed = await testApp.request.get(api('/websites/?search=about%20page')).set(bearer(owner.access))
    expect(listed.body.websites.map((item: { website_name: string }) => item.website_name)).toEqual(['About page'])
    const updated = await testApp.request
      .put(api(`/websites/${website.website_id}/update/`))
      .set(bearer(owner.access))
      .send({ website_url: `${site.url}/new-home` })
    expect(updated.body).toMatchObject({
      website_url: `${site.url}/new-home`,
      content_status: 'pending',
      job: { status: 'queued' },
    })
    await waitForJob(testApp, owner, agentId, updated.body.job.job_id)
    const sections = await testApp.database.prisma.knowledgeSection.findMany({
      where: { websiteId: website.website_id },
    })
    expect(sections.map((section) => section.sourceUrl)).toEqual([`${site.url}/new-home`])
    expect(
      (await testApp.request.delete(api(`/websites/${website.website_id}/delete/`)).set(bearer(owner.access))).body
        .message,
    ).toBe('Website deleted')
    expect(await testApp.database.prisma.knowledgeSection.count({ where: { websiteId: website.website_id } })).toBe(0)
  })
})
