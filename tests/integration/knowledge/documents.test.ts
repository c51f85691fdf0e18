import { DownloadLinkSchema } from '../../../server/knowledge/knowledge.schemas.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { textPdf, wordDocument } from '../../support/document-fixtures.ts'
import { solidPng } from '../../support/image-fixtures.ts'
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
const upload = (bytes: Buffer, fileName: string, fields: Record<string, string> = {}) => {
  let request = testApp.request.post(api('/documents/upload/')).set(bearer(owner.access))
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value)
  return request.attach('document_file', bytes, fileName)
}

/** Uploads, waits for its reading job, returns the document as the API shows it then. */
async function uploadAndRead(bytes: Buffer, fileName: string) {
  const uploaded = await upload(bytes, fileName)
  expect(uploaded.status).toBe(201)
  const jobs = await testApp.request.get(api('/jobs/')).set(bearer(owner.access))
  const job = jobs.body.jobs.find(
    (candidate: { object_id: string }) => candidate.object_id === uploaded.body.document_id,
  )
  await waitForJob(testApp, owner, agentId, job.job_id)
  // The worker records the job's end, then the document's: two writes, so the document may lag a moment.
  const read = async () =>
    (await testApp.request.get(api(`/documents/${uploaded.body.document_id}/`)).set(bearer(owner.access))).body
  await expect.poll(async () => (await read()).status, { timeout: 10_000 }).toMatch(/ready|failed/)
  return read()
}

async function sectionsOf(documentId: string) {
  return testApp.database.prisma.knowledgeSection.findMany({ where: { documentId }, orderBy: { position: 'asc' } })
}

describe('uploading documents', () => {
  it('a PDF is read page by page, keeping page numbers', async () => {
    const document = await uploadAndRead(
      textPdf(['Warranty lasts two years.', 'Batteries are excluded.']),
      'warranty.pdf',
    )
    expect(document).toMatchObject({
      document_name: 'warranty.pdf',
      document_format: 'pdf',
      status: 'ready',
      page_count: 2,
      embedded: false,
    })
    const sections = await sectionsOf(document.document_id)
    expect(sections.map((section) => [section.pageNumber, section.content])).toEqual([
      [1, 'Warranty lasts two years.'],
      [2, 'Batteries are excluded.'],
    ])
  })

  it('a Word document keeps its heading and table rows', async () => {
    const docx = await wordDocument({
      heading: 'Price list',
      paragraph: 'All prices include tax.',
      table: [
        ['Item', 'Price'],
        ['Lamp', '40 EUR'],
      ],
    })
    const document = await uploadAndRead(docx, 'prices.docx')
    expect(document.status).toBe('ready')
    const [section] = await sectionsOf(document.document_id)
    expect(section?.content).toContain('# Price list')
    expect(section?.content).toContain('All prices include tax.')
    expect(section?.content).toContain('| Lamp | 40 EUR |')
  })

  it('a CSV keeps the column names with every row, so a row answers on its own', async () => {
    const document = await uploadAndRead(
      Buffer.from('product,price,stock\nLamp,40,"3"\n"Desk, oak",250,0\n'),
      'stock.csv',
    )
    const [section] = await sectionsOf(document.document_id)
    expect(section?.content.split('\n')).toEqual([
      '| row 1 | product: Lamp | price: 40 | stock: 3 |',
      '| row 2 | product: Desk, oak | price: 250 | stock: 0 |',
    ])
  })

  it('JSON becomes path: value lines', async () => {
    const document = await uploadAndRead(
      Buffer.from(JSON.stringify({ store: { name: 'Corner shop', open: ['Mon', 'Tue'] } })),
      'store.json',
    )
    const [section] = await sectionsOf(document.document_id)
    expect(section?.content).toBe('store.name: Corner shop\nstore.open[0]: Mon\nstore.open[1]: Tue')
  })

  it('plain text is stored as it is; size, format and fields are shown', async () => {
    const uploaded = await upload(Buffer.from('Just a note.'), 'note.txt', {
      document_name: 'My note',
      document_tags: '["a","b"]',
      document_description: 'A note',
    })
    expect(uploaded.body).toMatchObject({
      document_name: 'My note',
      document_format: 'txt',
      document_size: '12 B',
      document_size_bytes: 12,
      document_tags: ['a', 'b'],
      document_description: 'A note',
      status: 'pending',
    })
  })

  it.each([
    [
      'an encrypted PDF',
      textPdf(['secret'], { encrypted: true }),
      'locked.pdf',
      'The PDF is password-protected: upload a copy without a password.',
    ],
    [
      'a damaged PDF',
      Buffer.from('%PDF-1.4\n1 0 obj garbage'),
      'broken.pdf',
      'The file is not a readable PDF (it may be damaged).',
    ],
    ['an empty file', Buffer.alloc(0), 'empty.txt', 'The file is empty.'],
    ['a CSV with only a header', Buffer.from('a,b\n'), 'header.csv', 'The CSV file has no rows under its header.'],
    ['invalid JSON', Buffer.from('{"a": '), 'broken.json', 'The file is not valid JSON.'],
  ])('%s fails with its reason on the item, and embedding it says why', async (_label, bytes, fileName, reason) => {
    const document = await uploadAndRead(bytes, fileName)
    expect(document).toMatchObject({ status: 'failed', status_error: reason })
    const embed = await testApp.request
      .post(api(`/document/${document.document_id}/embed/`))
      .set(bearer(owner.access))
      .send({})
    const job = await waitForJob(testApp, owner, agentId, embed.body.job.job_id)
    expect(job).toMatchObject({ status: 'failed', error: reason })
  })

  it.each([
    ['a PNG named .pdf', solidPng(), 'photo.pdf'],
    ['text named .docx', Buffer.from('not a zip'), 'letter.docx'],
    ['binary named .txt', Buffer.from([0, 1, 2, 3, 255]), 'data.txt'],
    ['an unsupported type', Buffer.from('<html></html>'), 'page.html'],
  ])('refuses %s with 415 and the allowed formats', async (_label, bytes, fileName) => {
    const response = await upload(bytes, fileName)
    expect(response.status).toBe(415)
    expect(response.body).toMatchObject({
      message: 'Invalid file format. Allowed formats: pdf, docx, txt, csv, json',
      allowed_formats: ['pdf', 'docx', 'txt', 'csv', 'json'],
    })
  })

  it('refuses more than 50 MB with 413 and max_size_mb', async () => {
    const response = await upload(Buffer.alloc(50 * 1024 * 1024 + 1, 'a'), 'huge.txt')
    expect(response.status).toBe(413)
    expect(response.body).toMatchObject({ message: 'File too large. Maximum size: 50MB', max_size_mb: 50 })
  })

  it('a NUL character in a multipart field is refused, never a 500', async () => {
    const response = await upload(Buffer.from('text'), 'nul.txt', { document_tags: '["a\\u0000"]' })
    expect(response.status).toBe(400)
  })

  it('meta_data nested 16,000 levels deep in a multipart field is refused with its own message, never a stack overflow', async () => {
    const deep = `${'{"a":'.repeat(16_000)}1${'}'.repeat(16_000)}`
    const response = await upload(Buffer.from('text'), 'deep.txt', { meta_data: deep })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('meta_data must be at most 20,000 characters of JSON, without NUL characters')
    const nested = await upload(Buffer.from('text'), 'nested.txt', {
      meta_data: `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`,
    })
    expect(nested.status).toBe(400)
    expect(nested.body.message).toBe('meta_data must nest at most 32 levels deep')
    const control = await upload(Buffer.from('text'), 'control.txt', { document_name: 'Name\u001b[0m' })
    expect(control.status).toBe(400)
    expect(control.body.message).toBe('Document name must be a single line of text')
  })

  it('without a file answers missing_fields', async () => {
    const response = await testApp.request
      .post(api('/documents/upload/'))
      .set(bearer(owner.access))
      .field('document_name', 'x')
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      message: 'Missing required fields: document_file',
      missing_fields: ['document_file'],
    })
  })
})

describe('a stored document', () => {
  it('downloads with the Authorization header, and through a short-lived signed link without it', async () => {
    const bytes = textPdf(['Download me.'])
    const { body: document } = await upload(bytes, 'manual.pdf')
    const direct = await testApp.request
      .get(api(`/documents/${document.document_id}/download/`))
      .set(bearer(owner.access))
      .buffer(true)
    expect(direct.status).toBe(200)
    expect(Buffer.compare(direct.body as Buffer, bytes)).toBe(0)
    expect(direct.headers['content-disposition']).toContain('attachment; filename="manual.pdf"')
    expect((await testApp.request.get(api(`/documents/${document.document_id}/download/`))).status).toBe(401)
    const link = await testApp.request
      .post(api(`/documents/${document.document_id}/download-link/`))
      .set(bearer(owner.access))
    expect(DownloadLinkSchema.parse(link.body).url).toMatch(/^\/api\/documents\/download\/\?token=/)
    expect(link.body.url).not.toContain(owner.access)
    const viaLink = await testApp.request.get(link.body.url).buffer(true)
    expect(Buffer.compare(viaLink.body as Buffer, bytes)).toBe(0)
    const forged = await testApp.request.get(`${link.body.url.slice(0, -3)}abc`)
    expect(forged.status).toBe(404)
    expect(forged.body.message).toBe('This download link is invalid or has expired.')
  })

  it('is renamed by update, and delete removes it, its chunks and its file', async () => {
    const document = await uploadAndRead(Buffer.from('Remove me later. It has words.'), 'old.txt')
    const renamed = await testApp.request
      .put(api(`/documents/${document.document_id}/update/`))
      .set(bearer(owner.access))
      .send({ document_name: 'new.txt' })
    expect(renamed.body.document_name).toBe('new.txt')
    const embed = await testApp.request
      .post(api(`/document/${document.document_id}/embed/`))
      .set(bearer(owner.access))
      .send({})
    await waitForJob(testApp, owner, agentId, embed.body.job.job_id)
    expect(await testApp.database.prisma.knowledgeChunk.count({ where: { documentId: document.document_id } })).toBe(1)
    const row = await testApp.database.prisma.document.findUniqueOrThrow({ where: { id: document.document_id } })
    expect(
      (await testApp.request.delete(api(`/documents/${document.document_id}/delete/`)).set(bearer(owner.access))).body
        .message,
    ).toBe('Document deleted')
    expect(await testApp.database.prisma.knowledgeChunk.count({ where: { documentId: document.document_id } })).toBe(0)
    const { createFileStorage } = await import('../../../server/storage/create-file-storage.ts')
    expect(await createFileStorage(testApp.config).get(row.storageKey)).toBeNull()
  })

  it('embedding a PDF gives chunks that cite their page', async () => {
    const document = await uploadAndRead(textPdf(['First page words.', 'Second page words.']), 'pages.pdf')
    const embed = await testApp.request
      .post(api(`/document/${document.document_id}/embed/`))
      .set(bearer(owner.access))
      .send({})
    expect((await waitForJob(testApp, owner, agentId, embed.body.job.job_id)).status).toBe('succeeded')
    const chunks = await testApp.database.prisma.knowledgeChunk.findMany({
      where: { documentId: document.document_id },
      orderBy: { position: 'asc' },
    })
    expect(chunks.map((chunk) => [chunk.pageNumber, chunk.title])).toEqual([
      [1, 'pages.pdf'],
      [2, 'pages.pdf'],
    ])
  })

  it('lists with search and pagination; another account sees nothing', async () => {
    const list = await testApp.request.get(api('/documents/?search=warranty&page_size=5')).set(bearer(owner.access))
    expect(list.body.documents.map((document: { document_name: string }) => document.document_name)).toEqual([
      'warranty.pdf',
    ])
    const stranger = await signUp(testApp)
    expect((await testApp.request.get(api('/documents/')).set(bearer(stranger.access))).status).toBe(404)
    const first = list.body.documents[0]
    expect(
      (await testApp.request.get(api(`/documents/${first.document_id}/download/`)).set(bearer(stranger.access))).status,
    ).toBe(404)
    expect(
      (await testApp.request.post(api(`/documents/${first.document_id}/download-link/`)).set(bearer(stranger.access)))
        .status,
    ).toBe(404)
  })
})
