// @database-specific: a worker process on the same database
// Issue 20: every e-mail is a durable job. Sent over SMTP once per event; kept through a restart between
// queueing and sending; retried while the SMTP server is down and delivered once when it is back; and
// without SMTP_URL written to the log with its links, so an operator can still act on it.
import { afterEach, describe, expect, it } from 'vitest'
import { createHttpApp, type HttpApp } from '../../../server/http/create-http-app.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { passwordResetEmail } from '../../../server/mail/email-templates.ts'
import { queueEmail } from '../../../server/mail/send-email-job.ts'
import supertest from 'supertest'
import { GOOD_PASSWORD, signUp } from '../../support/accounts.ts'
import { createTestApp, testConfig, type TestApp } from '../../support/create-test-app.ts'
import { createTestDatabase, openDatabaseAt } from '../../support/create-test-database.ts'
import { linkIn, startSmtpInbox } from '../../support/smtp-inbox.ts'

const stops: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop()
})

async function appWith(settings: Record<string, string>) {
  const testApp = await createTestApp({
    JOB_POLL_MS: '50',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    PUBLIC_URL: 'https://chat.example.com',
    ...settings,
  })
  stops.push(() => testApp.cleanup())
  return testApp
}

const emailJobs = (testApp: Pick<TestApp, 'database'>) =>
  testApp.database.prisma.job.findMany({
    where: { kind: 'send-email' },
    select: { status: true, attempts: true },
    orderBy: { createdAt: 'asc' },
  })

describe('sending e-mail', () => {
  it('queues one e-mail per event, however often the event is reported', async () => {
    const inbox = await startSmtpInbox()
    stops.push(inbox.close)
    const testApp = await appWith({ SMTP_URL: inbox.url, WORKER_IN_SERVER: 'false' })
    const content = passwordResetEmail({ link: 'https://chat.example.com/auth/reset-password?token=abc' })
    const first = await queueEmail(testApp.database.prisma, { to: 'a@example.com', content, eventKey: 'event-1' })
    const again = await queueEmail(testApp.database.prisma, { to: 'a@example.com', content, eventKey: 'event-1' })
    expect([first, again]).toEqual([true, false])
    expect(await emailJobs(testApp)).toHaveLength(1)
  })

  it('keeps only the recipient and subject of an e-mail once sent, and drops one whose link expired first', async () => {
    const inbox = await startSmtpInbox()
    stops.push(inbox.close)
    const testApp = await appWith({ SMTP_URL: inbox.url })
    const content = passwordResetEmail({ link: 'https://chat.example.com/auth/reset-password?token=secret-1' })
    await queueEmail(testApp.database.prisma, { to: 'kept@example.com', content, eventKey: 'sent-1' })
    await queueEmail(testApp.database.prisma, {
      to: 'late@example.com',
      content,
      eventKey: 'late-1',
      notAfter: new Date(Date.now() - 1_000),
    })
    await expect
      .poll(async () => (await emailJobs(testApp)).map((job) => job.status).sort(), { timeout: 10_000 })
      .toEqual(['failed', 'succeeded'])
    const jobs = await testApp.database.prisma.job.findMany({
      where: { kind: 'send-email' },
      select: { status: true, payload: true, lastError: true },
    })
    expect(jobs.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      {
        status: 'failed',
        payload: { to: 'late@example.com', subject: content.subject, done: 'not sent' },
        lastError: 'Not sent: the link in this e-mail had expired before it could be sent.',
      },
      {
        status: 'succeeded',
        payload: { to: 'kept@example.com', subject: content.subject, done: 'sent' },
        lastError: null,
      },
    ])
    expect(inbox.received.map((email) => email.to)).toEqual([['kept@example.com']])
    expect(JSON.stringify(jobs)).not.toContain('secret-1')
  })

  it('keeps an e-mail queued through a restart, and sends it once after', async () => {
    const inbox = await startSmtpInbox()
    stops.push(inbox.close)
    const testDatabase = await createTestDatabase()
    stops.push(() => testDatabase.cleanup())
    const start = async (database: typeof testDatabase.database, workerInServer: boolean) => {
      const config = testConfig({
        DATA_DIR: testDatabase.location.DATA_DIR,
        DATABASE_URL: testDatabase.location.DATABASE_URL,
        SMTP_URL: inbox.url,
        PUBLIC_URL: 'https://chat.example.com',
        JOB_POLL_MS: '50',
        WORKER_IN_SERVER: String(workerInServer),
      })
      return createHttpApp({ config, database, logger: createLogger(config) })
    }
    // Before: the reset is asked for, and the process stops before any worker sends it.
    const before: HttpApp = await start(testDatabase.database, false)
    const email = 'restarted@example.com'
    const registered = await supertest(before)
      .post('/api/accounts/register/')
      .send({ email, password: GOOD_PASSWORD, full_name: 'Restarted' })
    expect(registered.status).toBe(201)
    expect((await supertest(before).post('/api/accounts/password-reset/').send({ email })).status).toBe(202)
    await before.close()
    await testDatabase.database.close()
    expect(inbox.received).toEqual([])

    const database = await openDatabaseAt(testDatabase.location)
    stops.push(() => database.close())
    const after = await start(database, true)
    stops.push(() => after.close())
    // Both e-mails queued before the stop arrive once each: the sign-up's address check and the reset link.
    await expect.poll(() => inbox.to(email).length, { timeout: 10_000 }).toBe(2)
    await expect
      .poll(async () =>
        (await database.prisma.job.findMany({ where: { kind: 'send-email' } })).map((job) => job.status),
      )
      .toEqual(['succeeded', 'succeeded'])
    expect(inbox.to(email, 'password')).toHaveLength(1)
    expect(inbox.to(email, 'confirm your')).toHaveLength(1)
  })

  it('retries while the SMTP server is down and delivers once when it is back', async () => {
    const inbox = await startSmtpInbox()
    stops.push(inbox.close)
    const testApp = await appWith({ SMTP_URL: inbox.url })
    const account = await signUp(testApp)
    // The sign-up's own e-mail (its address check) goes out first.
    await expect.poll(() => inbox.to(account.email).length, { timeout: 10_000 }).toBe(1)
    await inbox.stop()
    await testApp.request.post('/api/accounts/password-reset/').send({ email: account.email })
    await expect
      .poll(async () => (await emailJobs(testApp))[1], { timeout: 10_000 })
      .toMatchObject({ status: 'queued', attempts: 1 })
    await inbox.start()
    await expect.poll(() => inbox.to(account.email, 'password').length, { timeout: 20_000 }).toBe(1)
    await expect.poll(async () => (await emailJobs(testApp))[1]?.status).toBe('succeeded')
    expect(inbox.to(account.email, 'password')).toHaveLength(1)
  })

  it('does not send an e-mail whose link a newer one replaced while it waited', { timeout: 60_000 }, async () => {
    const inbox = await startSmtpInbox()
    stops.push(inbox.close)
    await inbox.stop()
    const testApp = await appWith({ SMTP_URL: inbox.url })
    // The sign-up's address check waits behind the SMTP outage; then the visitor asks for it again.
    const account = await signUp(testApp)
    await expect
      .poll(async () => (await emailJobs(testApp))[0], { timeout: 10_000 })
      .toMatchObject({ status: 'queued', attempts: 1 })
    const resent = await testApp.request
      .post('/api/accounts/verify-email/resend/')
      .set('Authorization', `Bearer ${account.access}`)
    expect(resent.status).toBe(200)
    await inbox.start()
    await expect
      .poll(async () => (await emailJobs(testApp)).map((job) => job.status), { timeout: 30_000 })
      .toEqual(['failed', 'succeeded'])
    const [replaced] = await testApp.database.prisma.job.findMany({
      where: { kind: 'send-email', status: 'failed' },
      select: { payload: true, lastError: true },
    })
    expect(replaced).toMatchObject({
      payload: { to: account.email, done: 'not sent' },
      lastError: 'Not sent: the link in this e-mail was replaced by a newer one, or used, before it could be sent.',
    })
    // The one e-mail that went out carries the newer link, which works.
    expect(inbox.to(account.email)).toHaveLength(1)
    const link = linkIn(inbox.to(account.email)[0]!, '/auth/verify-email')
    const verified = await testApp.request
      .post('/api/accounts/verify-email/')
      .send({ token: link.searchParams.get('token') })
    expect(verified.status).toBe(200)
  })

  it('without SMTP_URL writes the e-mail to the log at info level, with a link that works', async () => {
    const testApp = await appWith({ PUBLIC_URL: 'https://chat.example.com' })
    const account = await signUp(testApp)
    await testApp.request.post('/api/accounts/password-reset/').send({ email: account.email })
    const logged = () =>
      testApp.logLines.find((line) => {
        const mail = line.mail as { to?: string; subject?: string } | undefined
        return mail?.to === account.email && mail.subject === 'Set a new AgentDesk password'
      }) as { level: number; msg: string; mail: { subject: string; text: string } } | undefined
    await expect.poll(() => logged(), { timeout: 10_000 }).toBeDefined()
    expect(logged()).toMatchObject({ level: 30, mail: { subject: 'Set a new AgentDesk password' } })
    expect(logged()?.msg).toBe('e-mail not sent (SMTP_URL is not set); its text, with its links, is here')
    const link = linkIn({ text: logged()?.mail.text ?? '' }, '/auth/reset-password')
    const done = await testApp.request
      .post('/api/accounts/password-reset/confirm/')
      .send({ token: link.searchParams.get('token'), new_password: `${GOOD_PASSWORD}x` })
    expect(done.status).toBe(200)
  })
})
