// Issue 20: "Forgot password?". Asking answers the same for any address and e-mails a link only to an
// account's; the link (read from a real SMTP server) sets a new password once, within 30 minutes, and
// ends every session of the account.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordResetJobHandlersFor } from '../../../server/accounts/password-reset/request-password-reset.ts'
import type { Job } from '../../../server/db/generated/prisma/client.ts'
import { GOOD_PASSWORD, bearer, logIn, signUp } from '../../support/accounts.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { MAIL_PUBLIC_URL, startSmtpTestApp } from '../../support/smtp-test-app.ts'
import { linkIn, type SmtpInbox } from '../../support/smtp-inbox.ts'

const PUBLIC_URL = MAIL_PUBLIC_URL
const NEW_PASSWORD = 'Another-Horse-7'
let inbox: SmtpInbox
let testApp: TestApp
let close: () => Promise<void>

beforeAll(async () => {
  ;({ inbox, testApp, close } = await startSmtpTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '10' }))
})
afterAll(() => close())

const askForReset = (email: string) => testApp.request.post('/api/accounts/password-reset/').send({ email })
const confirmReset = (token: string, newPassword: string) =>
  testApp.request.post('/api/accounts/password-reset/confirm/').send({ token, new_password: newPassword })
/** Waits until the worker has taken every job (the reset's look-up, then its e-mail). */
const jobsDone = () =>
  expect
    .poll(() => testApp.database.prisma.job.count({ where: { status: { in: ['queued', 'running'] } } }), {
      timeout: 10_000,
    })
    .toBe(0)

describe('asking for a password reset', () => {
  it('e-mails an account a link that sets a new password once and signs the account out everywhere', async () => {
    const account = await signUp(testApp)
    const asked = await askForReset(account.email.toUpperCase())
    expect(asked.status).toBe(202)
    await expect.poll(() => inbox.to(account.email, 'password').length, { timeout: 10_000 }).toBe(1)
    const [email] = inbox.to(account.email, 'password')
    expect(email?.subject).toBe('Set a new AgentDesk password')
    expect(email?.from).toBe('no-reply@chat.example.com')
    const link = linkIn(email!, '/auth/reset-password')
    expect(link.origin).toBe(PUBLIC_URL)
    // Both parts carry the same link; the HTML's is a button and spelled out.
    expect(email?.text).toContain('works once, for 30 minutes')
    expect(email?.html).toContain(`href="${link.toString()}"`)

    const token = link.searchParams.get('token') ?? ''
    const weak = await confirmReset(token, 'short')
    expect(weak.status).toBe(400)
    expect(weak.body.message).toBe('Please meet all password requirements to continue.')
    const done = await confirmReset(token, NEW_PASSWORD)
    expect(done.status).toBe(200)
    expect(done.body.message).toBe('Your password is set. Sign in with it.')
    expect((await logIn(testApp, account.email, GOOD_PASSWORD)).status).toBe(401)
    expect((await logIn(testApp, account.email, NEW_PASSWORD)).status).toBe(200)
    // The session from before the reset is over; following the link proved the address.
    const refreshed = await testApp.request
      .post('/api/accounts/token/refresh/')
      .send({ refresh_token: account.refresh })
    expect(refreshed.status).toBe(401)
    const user = await testApp.database.prisma.user.findUniqueOrThrow({ where: { id: account.userId } })
    expect(user.emailVerifiedAt).not.toBeNull()
    // The link works once.
    const again = await confirmReset(token, 'Third-Horse-5!')
    expect(again.status).toBe(400)
    expect(again.body.message).toBe('This link has expired or was already used. Ask for a new one.')
  })

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const account = await signUp(testApp)
    const known = await askForReset(account.email)
    const unknown = await askForReset('nobody-here@example.com')
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body])
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort())
    await jobsDone()
    expect(inbox.to('nobody-here@example.com')).toEqual([])
    expect(inbox.to(account.email, 'password')).toHaveLength(1)
  })

  it('sends nothing to a Shopify shop’s placeholder address', async () => {
    const shop = await testApp.database.prisma.user.create({
      data: { email: 'kettles.myshopify.com@shopify.invalid', fullName: 'Kettles' },
    })
    // No .invalid address is asked about at all (whether or not a shop has it): nobody reads mail there.
    const refused = await askForReset(shop.email)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('Please enter a valid email address')
    const unknown = await askForReset('no-shop.myshopify.com@shopify.invalid')
    expect([unknown.status, unknown.body.message]).toEqual([400, refused.body.message])
    await jobsDone()
    expect(inbox.to(shop.email)).toEqual([])
  })

  it('a newer link replaces an older one, and a link past its 30 minutes no longer works', async () => {
    const account = await signUp(testApp)
    await askForReset(account.email)
    await expect.poll(() => inbox.to(account.email, 'password').length, { timeout: 10_000 }).toBe(1)
    await askForReset(account.email)
    await expect.poll(() => inbox.to(account.email, 'password').length, { timeout: 10_000 }).toBe(2)
    const [first, second] = inbox.to(account.email, 'password').map((email) => linkIn(email, '/auth/reset-password'))
    expect((await confirmReset(first?.searchParams.get('token') ?? '', NEW_PASSWORD)).status).toBe(400)
    await testApp.database.prisma.emailLink.updateMany({
      where: { userId: account.userId, usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    })
    const late = await confirmReset(second?.searchParams.get('token') ?? '', NEW_PASSWORD)
    expect(late.status).toBe(400)
    expect(late.body.message).toBe('This link has expired or was already used. Ask for a new one.')
    expect((await logIn(testApp, account.email, GOOD_PASSWORD)).status).toBe(200)
  })

  it('a look-up run twice (its worker died after queueing the e-mail) sends one e-mail, whose link works', async () => {
    const account = await signUp(testApp)
    const lookUp = passwordResetJobHandlersFor({ database: testApp.database, config: testApp.config })[
      'password-reset-link'
    ]
    const job = { id: randomUUID(), payload: { email: account.email } } as unknown as Job
    const context = { job, reportProgress: async () => {}, signal: new AbortController().signal }
    expect(await lookUp?.(context)).toEqual({ sent: true })
    expect(await lookUp?.(context)).toEqual({ sent: false })
    await jobsDone()
    expect(inbox.to(account.email, 'password')).toHaveLength(1)
    const token =
      linkIn(inbox.to(account.email, 'password')[0]!, '/auth/reset-password').searchParams.get('token') ?? ''
    expect((await confirmReset(token, NEW_PASSWORD)).status).toBe(200)
  })

  it('changing the password spends a reset link still unused', async () => {
    const account = await signUp(testApp)
    await askForReset(account.email)
    await expect.poll(() => inbox.to(account.email, 'password').length, { timeout: 10_000 }).toBe(1)
    const changed = await testApp.request
      .put('/api/accounts/change-password/')
      .set(bearer(account.access))
      .send({ old_password: GOOD_PASSWORD, new_password: NEW_PASSWORD })
    expect(changed.status).toBe(200)
    const token =
      linkIn(inbox.to(account.email, 'password')[0]!, '/auth/reset-password').searchParams.get('token') ?? ''
    expect((await confirmReset(token, 'Third-Horse-5!')).status).toBe(400)
    expect((await logIn(testApp, account.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('refuses a made-up token and a malformed request with the same clear messages', async () => {
    const madeUp = await confirmReset('a'.repeat(43), NEW_PASSWORD)
    expect([madeUp.status, madeUp.body.message]).toEqual([
      400,
      'This link has expired or was already used. Ask for a new one.',
    ])
    const noEmail = await testApp.request.post('/api/accounts/password-reset/').send({})
    expect([noEmail.status, noEmail.body.message]).toEqual([400, 'Please enter your email address'])
    const badEmail = await askForReset('not an address')
    expect([badEmail.status, badEmail.body.message]).toEqual([400, 'Please enter a valid email address'])
  })

  it('limits the requests for one address', async () => {
    const address = `limited-${Date.now()}@example.com`
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt += 1) statuses.push((await askForReset(address)).status)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202))
    expect(statuses.slice(10)).toEqual([429, 429])
  })
})
