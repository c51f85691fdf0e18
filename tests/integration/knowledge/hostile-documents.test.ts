// Issue 15: files built to exhaust the server. Each fails its own item with a plain reason on the first
// attempt, in a worker thread, while the server goes on answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ABANDONED_JOB_REASON } from '../../../server/jobs/job-handler.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { deepJson, manyPagePdf, pdfStreamBomb, productCsv, wordBomb } from '../../support/hostile-files.ts'
import { createAgentFor, waitForJob } from '../../support/knowledge.ts'

interface Uploader {
  testApp: TestApp
  owner: SignedUp
  agentId: string
}

async function uploader(config: Record<string, string> = {}): Promise<Uploader> {
  const testApp = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000', JOB_POLL_MS: '50', ...config })
  const owner = await signUp(testApp)
  return { testApp, owner, agentId: await createAgentFor(testApp, owner) }
}

/** Uploads, waits for the reading job; returns the job and the document as the API shows them. */
async function uploadAndRead({ testApp, owner, agentId }: Uploader, bytes: Buffer, fileName: string) {
  const uploaded = await testApp.request
    .post(`/api/agents/${agentId}/documents/upload/`)
    .set(bearer(owner.access))
    .attach('document_file', bytes, fileName)
  expect(uploaded.status).toBe(201)
  const jobs = await testApp.request.get(`/api/agents/${agentId}/jobs/`).set(bearer(owner.access))
  const job = jobs.body.jobs.find(
    (candidate: { object_id: string }) => candidate.object_id === uploaded.body.document_id,
  )
  const finished = await waitForJob(testApp, owner, agentId, job.job_id)
  // The worker records the job's end, then the document's: two writes, so the document may lag a moment.
  const read = async () =>
    (
      await testApp.request
        .get(`/api/agents/${agentId}/documents/${uploaded.body.document_id}/`)
        .set(bearer(owner.access))
    ).body
  await expect.poll(async () => (await read()).status, { timeout: 10_000 }).toMatch(/ready|failed/)
  return { job: finished, document: await read() }
}

describe('with the default limits', () => {
  let defaults: Uploader
  beforeAll(async () => {
    defaults = await uploader()
  })
  afterAll(() => defaults.testApp.cleanup())

  it('a 1 MB Word file that inflates to 300 MB fails on its first attempt with the reason, and the server answers meanwhile', async () => {
    const bomb = await wordBomb({ expandedMb: 300 })
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
    const statuses: number[] = []
    let isReading = true
    const probing = (async () => {
      while (isReading) statuses.push((await defaults.testApp.request.get('/api/dashboard/api/health/')).status)
    })()
    const { job, document } = await uploadAndRead(defaults, bomb, 'bomb.docx')
    isReading = false
    await probing
    expect(statuses.length).toBeGreaterThan(1)
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    expect(job).toMatchObject({ status: 'failed', attempts: 1 })
    expect(document.status).toBe('failed')
    expect(document.status_error).toBe(
      'This file expands to more than 100 MB when unpacked, more than a document needs: it may be a zip bomb. Save it again without embedded files, or split it.',
    )
  })

  it('a bomb that declares a small size is measured by what it really inflates to', async () => {
    const { job, document } = await uploadAndRead(
      defaults,
      await wordBomb({ expandedMb: 150, declaredKb: 4 }),
      'liar.docx',
    )
    expect(job).toMatchObject({ status: 'failed', attempts: 1 })
    expect(document.status_error).toMatch(/^This file expands to more than 100 MB/)
  })

  it('a Word file under the cap is still read', async () => {
    const { document } = await uploadAndRead(defaults, await wordBomb({ expandedMb: 3 }), 'long.docx')
    expect(document.status).toBe('ready')
  })

  it('a 20,000-page PDF fails with its page count, without reading the pages', async () => {
    const { job, document } = await uploadAndRead(defaults, manyPagePdf(20_000), 'endless.pdf')
    expect(job).toMatchObject({ status: 'failed', attempts: 1 })
    expect(document.status_error).toBe(
      'This PDF has more than 5,000 pages (it has 20,000): split it into smaller files.',
    )
  })

  it('JSON nested 100,000 levels fails once with a plain reason, not a stack overflow retried three times', async () => {
    const { job, document } = await uploadAndRead(defaults, deepJson(100_000), 'deep.json')
    expect(job).toMatchObject({ status: 'failed', attempts: 1 })
    expect(document.status_error).toBe(
      'This JSON file nests deeper than 64 levels: flatten it, or upload its records as CSV.',
    )
  })

  it('JSON within the depth limit is still read', async () => {
    const { document } = await uploadAndRead(defaults, deepJson(60), 'nested.json')
    expect(document.status).toBe('ready')
  })

  it('a document whose worker died on its last attempt fails with the reason, instead of staying processing', async () => {
    const { testApp, owner, agentId } = defaults
    const { body: uploaded } = await testApp.request
      .post(`/api/agents/${agentId}/documents/upload/`)
      .set(bearer(owner.access))
      .attach('document_file', Buffer.from('Plain words.'), 'crashed.txt')
    await waitForJob(
      testApp,
      owner,
      agentId,
      (await testApp.database.prisma.job.findFirstOrThrow({ where: { subjectId: uploaded.document_id } })).id,
    )
    // As a process that crashed three times during the job leaves it: running, lease gone, no attempt left.
    await testApp.database.prisma.document.update({
      where: { id: uploaded.document_id },
      data: { status: 'processing' },
    })
    const crashed = await testApp.database.prisma.job.create({
      data: {
        kind: 'extract-document',
        accountId: owner.userId,
        agentId,
        subjectType: 'document',
        subjectId: uploaded.document_id,
        payload: { id: uploaded.document_id },
        status: 'running',
        attempts: 3,
        maxAttempts: 3,
        lockedBy: 'worker-gone',
        leaseExpiresAt: new Date(Date.now() - 1_000),
      },
    })
    const job = await waitForJob(testApp, owner, agentId, crashed.id)
    expect(job.status).toBe('failed')
    const document = (
      await testApp.request.get(`/api/agents/${agentId}/documents/${uploaded.document_id}/`).set(bearer(owner.access))
    ).body
    expect(document).toMatchObject({ status: 'failed', status_error: ABANDONED_JOB_REASON })
  })
})

describe('with tight limits', () => {
  let tight: Uploader
  beforeAll(async () => {
    tight = await uploader({
      EXTRACT_MAX_PAGES: '40',
      EXTRACT_MAX_ROWS: '1000',
      EXTRACT_MAX_TEXT_MB: '1',
      EXTRACT_MAX_EXPANDED_MB: '2',
    })
  })
  afterAll(() => tight.testApp.cleanup())

  it('each limit fails its item with its own reason, on the first attempt', async () => {
    const cases: [Buffer, string, string][] = [
      [manyPagePdf(41), 'pages.pdf', 'This PDF has more than 40 pages (it has 41): split it into smaller files.'],
      [productCsv(1_001), 'rows.csv', 'This CSV file has more than 1,000 rows: split it into smaller files.'],
      [
        Buffer.from('word '.repeat(250_000)),
        'long.txt',
        'This file gives more than 1,000,000 characters of text: split it into smaller files.',
      ],
      [
        await wordBomb({ expandedMb: 3 }),
        'three.docx',
        'This file expands to more than 2 MB when unpacked, more than a document needs: it may be a zip bomb. Save it again without embedded files, or split it.',
      ],
    ]
    for (const [bytes, name, reason] of cases) {
      const { job, document } = await uploadAndRead(tight, bytes, name)
      expect({ name, attempts: job.attempts, status: document.status, reason: document.status_error }).toEqual({
        name,
        attempts: 1,
        status: 'failed',
        reason,
      })
    }
    expect((await uploadAndRead(tight, manyPagePdf(40), 'forty.pdf')).document).toMatchObject({
      status: 'ready',
      page_count: 40,
    })
    expect((await uploadAndRead(tight, productCsv(1_000), 'thousand.csv')).document.status).toBe('ready')
  })

  it('a file that needs more memory than the thread may have fails with that reason, on the heap or in buffers outside it', async () => {
    const small = await uploader({ EXTRACT_MEMORY_MB: '16' })
    try {
      // Rows fill the heap; a PDF stream that inflates to 300 MB fills buffers, which the heap cap misses.
      for (const [bytes, name] of [
        [productCsv(400_000), 'big.csv'],
        [await pdfStreamBomb(300), 'stream.pdf'],
      ] as const) {
        const { job, document } = await uploadAndRead(small, bytes, name)
        expect({ name, status: job.status, attempts: job.attempts, reason: document.status_error }).toEqual({
          name,
          status: 'failed',
          attempts: 1,
          reason: 'Reading this file needs more than 16 MB of memory: split it into smaller files.',
        })
      }
    } finally {
      await small.testApp.cleanup()
    }
  })

  it('a file that takes longer than the time limit fails with that reason', async () => {
    // Tens of seconds of pages against a one-second limit, on any machine.
    const hasty = await uploader({ EXTRACT_TIMEOUT_SECONDS: '1', EXTRACT_MAX_PAGES: '100000' })
    try {
      const { job, document } = await uploadAndRead(hasty, manyPagePdf(60_000), 'slow.pdf')
      expect(job).toMatchObject({ status: 'failed', attempts: 1 })
      expect(document.status_error).toBe('Reading this file took longer than 1 seconds: split it into smaller files.')
    } finally {
      await hasty.testApp.cleanup()
    }
  })
})

describe('a visitor attaching a bomb to a widget message', () => {
  let testbed: ChatTestbed
  beforeAll(async () => {
    testbed = await startChatTestbed({ WIDGET_SESSIONS_PER_IP_PER_HOUR: '1000' })
  })
  afterAll(() => testbed.close())

  it("is answered without the attachment's text; the file is kept for the team", async () => {
    const { testApp, owner, agentId, llm } = testbed
    const integration = await testApp.request
      .post(`/api/agents/${agentId}/integrations/frontend/`)
      .set(bearer(owner.access))
      .send({ website_name: 'Shop', website_domain: 'shop.example.com' })
    const origin = 'https://shop.example.com'
    const session = await testApp.request
      .post('/api/conversations/api/start-chat-widget/')
      .set('Origin', origin)
      .send({ client_key: integration.body.client_key })
    const auth = { Authorization: `Bearer ${session.body.token}`, Origin: origin }
    const conversation = await testApp.request.post('/api/conversations/api/create/').set(auth).send({})
    const response = await testApp.request
      .post(`/api/conversations/api/chat/${conversation.body.conversation_id}/`)
      .set(auth)
      .field('message_text', 'Can I return this?')
      .attach('attachment', await wordBomb({ expandedMb: 300 }), 'order.docx')
    expect(response.status).toBe(200)
    expect(response.body.user_message.attachments).toEqual([expect.objectContaining({ name: 'order.docx' })])
    const prompt = llm.requests.at(-1)?.messages.at(-1)?.content ?? ''
    expect(prompt).toContain('Can I return this?')
    expect(prompt).not.toContain('AAAAAAAAAA')
  })
})
