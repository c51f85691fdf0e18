// Issue 20, address verification: sign-up mails a link that proves the address (a real SMTP server reads
// it back); the profile says whether it is proven and can send the link again; a new sign-in e-mail takes
// effect only when its own link is opened, and the old address is told at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, logIn, signUp, type SignedUp } from '../../support/accounts.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { MAIL_PUBLIC_URL, startSmtpTestApp } from '../../support/smtp-test-app.ts'
import { linkIn, type SmtpInbox } from '../../support/smtp-inbox.ts'

const PUBLIC_URL = MAIL_PUBLIC_URL
let inbox: SmtpInbox
let testApp: TestApp
let close: () => Promise<void>

beforeAll(async () => {
  ;({ inbox, testApp, close } = await startSmtpTestApp())
})
afterAll(() => close())

const profileOf = async (account: SignedUp) =>
  (await testApp.request.get('/api/accounts/profile/').set(bearer(account.access))).body as {
    email: string
    email_verified: boolean
    pending_email: string | null
  }
const confirm = (token: string) => testApp.request.post('/api/accounts/verify-email/').send({ token })
const resend = (account: SignedUp) =>
  testApp.request.post('/api/accounts/verify-email/resend/').set(bearer(account.access)).send({})
const changeEmail = (account: SignedUp, newEmail: string) =>
  testApp.request
    .put('/api/accounts/change-email/')
    .set(bearer(account.access))
    .send({ new_email: newEmail, password: account.password })

/** The secret of the `count`-th check link mailed to `email` (waiting for it to arrive). */
async function checkToken(email: string, count = 1) {
  await expect.poll(() => inbox.to(email, 'confirm your').length, { timeout: 10_000 }).toBe(count)
  return linkIn(inbox.to(email, 'confirm your').at(-1)!, '/auth/verify-email').searchParams.get('token') ?? ''
}

describe('proving an address', () => {
  it('mails a link at sign-up that proves the address, once', async () => {
    const account = await signUp(testApp)
    expect(await profileOf(account)).toMatchObject({ email_verified: false, pending_email: null })
    await expect.poll(() => inbox.to(account.email).length, { timeout: 10_000 }).toBe(1)
    const [email] = inbox.to(account.email)
    expect(email?.subject).toBe('Confirm your AgentDesk e-mail address')
    expect(email?.text).toContain('The link works once, for 24 hours.')
    const link = linkIn(email!, '/auth/verify-email')
    expect(link.origin).toBe(PUBLIC_URL)
    expect(email?.html).toContain(`href="${link.toString()}"`)

    const confirmed = await confirm(link.searchParams.get('token') ?? '')
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toEqual({ message: 'Your e-mail address is confirmed.', email: account.email })
    expect(await profileOf(account)).toMatchObject({ email_verified: true })
    const again = await confirm(link.searchParams.get('token') ?? '')
    expect(again.status).toBe(400)
    expect(again.body.message).toBe('This link has expired or was already used. Ask for a new one from your profile.')
  })

  it('sends a new link on request, which replaces the first; nothing once proven', async () => {
    const account = await signUp(testApp)
    const first = await checkToken(account.email)
    const resent = await resend(account)
    expect(resent.body).toEqual({
      message: 'A new link is on its way. It works once, for 24 hours.',
      email: account.email,
    })
    const second = await checkToken(account.email, 2)
    expect((await confirm(first)).status).toBe(400)
    expect((await confirm(second)).status).toBe(200)
    const needless = await resend(account)
    expect(needless.status).toBe(400)
    expect(needless.body.message).toBe('Your e-mail address is already confirmed.')
  })

  it('refuses a made-up or malformed link with the same message', async () => {
    for (const token of ['x'.repeat(43), 'short', 42]) {
      const refused = await testApp.request.post('/api/accounts/verify-email/').send({ token })
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe(
        'This link has expired or was already used. Ask for a new one from your profile.',
      )
    }
  })
})

describe('changing the sign-in e-mail', () => {
  it('tells the old address, and changes only when the new one opens its link', async () => {
    const account = await signUp(testApp)
    const asked = await changeEmail(account, 'New.Home@Example.com')
    expect(asked.body.pending_email).toBe('new.home@example.com')
    await expect.poll(() => inbox.to(account.email, 'is changing').length, { timeout: 10_000 }).toBe(1)
    const [notice] = inbox.to(account.email, 'is changing')
    expect(notice?.subject).toBe('Your AgentDesk sign-in e-mail is changing')
    expect(notice?.text).toContain('new.home@example.com')
    expect(notice?.text).toContain(`${PUBLIC_URL}/auth/forgot-password`)
    const token = await checkToken('new.home@example.com')
    expect(inbox.to('new.home@example.com')[0]?.subject).toBe('Confirm your new AgentDesk e-mail address')
    expect(await profileOf(account)).toMatchObject({ email: account.email, pending_email: 'new.home@example.com' })

    const changed = await confirm(token)
    expect(changed.body).toEqual({ message: 'Email changed successfully!', email: 'new.home@example.com' })
    expect(await profileOf(account)).toMatchObject({
      email: 'new.home@example.com',
      email_verified: true,
      pending_email: null,
    })
    expect((await logIn(testApp, 'new.home@example.com', account.password)).status).toBe(200)
    expect((await logIn(testApp, account.email, account.password)).status).toBe(401)
  })

  it('only the newest address asked for can take effect', async () => {
    const account = await signUp(testApp)
    await changeEmail(account, 'first-choice@example.com')
    const stale = await checkToken('first-choice@example.com')
    await changeEmail(account, 'second-choice@example.com')
    const fresh = await checkToken('second-choice@example.com')
    expect((await confirm(stale)).status).toBe(400)
    expect((await confirm(fresh)).status).toBe(200)
    expect((await profileOf(account)).email).toBe('second-choice@example.com')
  })

  it('is dropped by a password reset, so whoever asked for it cannot finish it', async () => {
    const account = await signUp(testApp)
    await changeEmail(account, 'hijack@evil.example')
    const token = await checkToken('hijack@evil.example')
    await testApp.request.post('/api/accounts/password-reset/').send({ email: account.email })
    await expect.poll(() => inbox.to(account.email, 'password').length, { timeout: 10_000 }).toBe(1)
    const reset = linkIn(inbox.to(account.email, 'password')[0]!, '/auth/reset-password').searchParams.get('token')
    const done = await testApp.request
      .post('/api/accounts/password-reset/confirm/')
      .send({ token: reset, new_password: 'Taken-Back-8' })
    expect(done.status).toBe(200)
    expect((await confirm(token)).status).toBe(400)
    const user = await testApp.database.prisma.user.findUniqueOrThrow({ where: { id: account.userId } })
    expect(user).toMatchObject({ email: account.email, pendingEmail: null })
  })

  it('can be cancelled: its link stops working', async () => {
    const account = await signUp(testApp)
    await changeEmail(account, 'typo@exmaple.com')
    const token = await checkToken('typo@exmaple.com')
    const cancel = () => testApp.request.post('/api/accounts/change-email/cancel/').set(bearer(account.access)).send({})
    const cancelled = await cancel()
    expect(cancelled.body.message).toBe(
      'The change of e-mail is cancelled: you keep signing in with your current address.',
    )
    expect(await profileOf(account)).toMatchObject({ email: account.email, pending_email: null })
    expect((await confirm(token)).status).toBe(400)
    const again = await cancel()
    expect(again.status).toBe(400)
    expect(again.body.message).toBe('There is no change of e-mail waiting to be confirmed.')
    // The account's own address can be proven again.
    expect((await resend(account)).body.email).toBe(account.email)
  })

  it('refuses the change when another account took the address in between, and keeps the link', async () => {
    const account = await signUp(testApp)
    await changeEmail(account, 'contested@example.com')
    const token = await checkToken('contested@example.com')
    await signUp(testApp, { email: 'contested@example.com' })
    const refused = await confirm(token)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('This email is already in use.')
    expect((await profileOf(account)).email).toBe(account.email)
  })
})
