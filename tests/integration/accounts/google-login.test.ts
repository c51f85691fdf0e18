import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { bearer, signUp } from '../../support/accounts.ts'
import { FAKE_GOOGLE_CLIENT, startFakeGoogle } from '../../support/fake-google.ts'

let google: Awaited<ReturnType<typeof startFakeGoogle>>
let testApp: TestApp
beforeAll(async () => {
  google = await startFakeGoogle()
  testApp = await createTestApp({ ...google.config, AUTH_RATE_LIMIT_PER_IP: '10000' })
})
afterAll(async () => {
  await testApp.cleanup()
  await google.close()
})

const googleLogin = (code: string) => testApp.request.post('/api/accounts/google-login/').send({ code })

describe('Google sign-in', () => {
  it('tells the client it is available and where to send the browser (openid, profile, email, offline)', async () => {
    const response = await testApp.request.get('/api/accounts/google-login/')
    expect(response.body).toMatchObject({
      enabled: true,
      client_id: FAKE_GOOGLE_CLIENT.id,
      redirect_uri: FAKE_GOOGLE_CLIENT.redirectUri,
      scopes: ['openid', 'profile', 'email'],
    })
    const consent = new URL(response.body.authorization_url)
    expect(consent.origin + consent.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({
      response_type: 'code',
      scope: 'openid profile email',
      access_type: 'offline',
      client_id: FAKE_GOOGLE_CLIENT.id,
    })
  })

  it('a valid code creates the account and signs it in; the exchange carries our client credentials', async () => {
    const response = await googleLogin(
      await google.issueCode({ sub: 'google-new-1', email: 'New.Gmail@gmail.com', name: 'New Gmail' }),
    )
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      message: 'Login successful',
      // Google's verified claim proves the address: invitations and alerts reach it with no link to follow.
      user: {
        email: 'new.gmail@gmail.com',
        full_name: 'New Gmail',
        has_google: true,
        has_password: false,
        email_verified: true,
      },
    })
    expect((await testApp.request.get('/api/accounts/profile/').set(bearer(response.body.tokens.access))).status).toBe(
      200,
    )
    // Like every new account, it starts SPEC section 1's 14-day free trial of the default plan.
    const subscription = await testApp.request
      .get('/api/plans/get-user-subscription/')
      .set(bearer(response.body.tokens.access))
    expect(subscription.status).toBe(200)
    expect(subscription.body).toMatchObject({
      plan_name: 'Pro 1',
      status: 'trialing',
      is_trial: true,
      provider: 'trial',
      remaining_days: 14,
    })
    expect(
      Date.parse(subscription.body.subscription_end_date) - Date.parse(subscription.body.subscription_start_date),
    ).toBe(14 * 86_400_000)
    const exchange = google.exchanges.at(-1)
    expect(Object.fromEntries(exchange ?? [])).toMatchObject({
      grant_type: 'authorization_code',
      client_id: FAKE_GOOGLE_CLIENT.id,
      client_secret: FAKE_GOOGLE_CLIENT.secret,
      redirect_uri: FAKE_GOOGLE_CLIENT.redirectUri,
    })
  })

  it('signing in again finds the same account', async () => {
    const first = await googleLogin(await google.issueCode({ sub: 'google-repeat', email: 'repeat@gmail.com' }))
    const second = await googleLogin(await google.issueCode({ sub: 'google-repeat', email: 'repeat@gmail.com' }))
    expect(second.body.user.id).toBe(first.body.user.id)
    expect(await testApp.database.prisma.user.count({ where: { email: 'repeat@gmail.com' } })).toBe(1)
  })

  it('links an account whose e-mail was proven before, keeping its password', async () => {
    const account = await signUp(testApp, { email: 'both-ways@example.com' })
    await testApp.database.prisma.user.update({ where: { id: account.userId }, data: { emailVerifiedAt: new Date() } })
    const response = await googleLogin(await google.issueCode({ sub: 'google-link', email: 'both-ways@example.com' }))
    expect(response.body.user).toMatchObject({ id: account.userId, has_password: true, has_google: true })
    expect((await testApp.request.get('/api/accounts/profile/').set(bearer(account.access))).status).toBe(200)
  })

  it("an account someone registered with another person's e-mail is taken back by its owner: password and sessions of the registrant end", async () => {
    const squatter = await signUp(testApp, { email: 'owner@gmail.com', password: 'Squatter-Pass-1' })
    // The squatter asked to move the account to an address of theirs: Google's owner must not inherit that.
    const moved = await testApp.request
      .put('/api/accounts/change-email/')
      .set(bearer(squatter.access))
      .send({ new_email: 'squatter@evil.example', password: 'Squatter-Pass-1' })
    expect(moved.body.pending_email).toBe('squatter@evil.example')
    const response = await googleLogin(await google.issueCode({ sub: 'google-real-owner', email: 'owner@gmail.com' }))
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({
      id: squatter.userId,
      has_password: false,
      has_google: true,
      pending_email: null,
    })
    const waiting = await testApp.database.prisma.emailLink.count({
      where: { userId: squatter.userId, purpose: 'verify_email', email: 'squatter@evil.example', usedAt: null },
    })
    expect(waiting).toBe(0)
    expect((await testApp.request.get('/api/accounts/profile/').set(bearer(squatter.access))).status).toBe(401)
    expect(
      (await testApp.request.post('/api/accounts/token/refresh/').send({ refresh_token: squatter.refresh })).status,
    ).toBe(401)
    expect(
      (
        await testApp.request
          .post('/api/accounts/login/')
          .send({ email: 'owner@gmail.com', password: 'Squatter-Pass-1' })
      ).status,
    ).toBe(401)
    expect((await testApp.request.get('/api/accounts/profile/').set(bearer(response.body.tokens.access))).status).toBe(
      200,
    )
  })

  it('refuses to link an e-mail already linked to another Google account', async () => {
    await googleLogin(await google.issueCode({ sub: 'google-first-owner', email: 'shared@gmail.com' }))
    const response = await googleLogin(
      await google.issueCode({ sub: 'google-second-owner', email: 'shared@gmail.com' }),
    )
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('This email is already linked to another Google account.')
  })

  it('forwards the PKCE verifier to the token endpoint', async () => {
    const verifier = 'v'.repeat(43)
    const response = await testApp.request
      .post('/api/accounts/google-login/')
      .send({ code: await google.issueCode({ sub: 'google-pkce', email: 'pkce@gmail.com' }), code_verifier: verifier })
    expect(response.status).toBe(200)
    expect(google.exchanges.at(-1)?.get('code_verifier')).toBe(verifier)
  })

  it('stores a display name safely: control characters become spaces, length is capped', async () => {
    const response = await googleLogin(
      await google.issueCode({
        sub: 'google-odd-name',
        email: 'odd@gmail.com',
        name: `Odd\u0000Name\n${'x'.repeat(300)}`,
      }),
    )
    expect(response.status).toBe(200)
    expect(response.body.user.full_name).toMatch(/^Odd Name x+$/)
    expect(response.body.user.full_name.length).toBe(150)
  })

  it.each([
    ['a wrong audience', { aud: 'someone-elses-client' }, 401],
    ['a bad signature', { signWithForeignKey: true }, 401],
    ['an expired token', { expiresInSeconds: -120 }, 401],
    ['a wrong issuer', { iss: 'https://evil.example' }, 401],
    ['no subject', { without: ['sub'] as ('sub' | 'email')[] }, 401],
    ['no e-mail', { without: ['email'] as ('sub' | 'email')[] }, 401],
  ])('refuses an ID token with %s', async (_label, overrides, status) => {
    const response = await googleLogin(
      await google.issueCode({ sub: `google-bad-${Math.random()}`, email: 'bad@gmail.com', ...overrides }),
    )
    expect(response.status).toBe(status)
    expect(response.body.message).toBe('Google login failed: the Google identity could not be verified.')
    expect(await testApp.database.prisma.user.count({ where: { email: 'bad@gmail.com' } })).toBe(0)
  })

  it('refuses an unverified e-mail, and does not link it to an existing account', async () => {
    const account = await signUp(testApp, { email: 'victim@example.com' })
    const response = await googleLogin(
      await google.issueCode({ sub: 'google-attacker', email: 'victim@example.com', email_verified: false }),
    )
    expect(response.status).toBe(403)
    expect(response.body.message).toBe('Google login failed: your Google e-mail address is not verified.')
    const user = await testApp.database.prisma.user.findUniqueOrThrow({ where: { id: account.userId } })
    expect(user.googleSubject).toBeNull()
  })

  it('a code Google does not accept (used twice, made up) is refused', async () => {
    const code = await google.issueCode({ sub: 'google-once', email: 'once@gmail.com' })
    expect((await googleLogin(code)).status).toBe(200)
    const replay = await googleLogin(code)
    expect(replay.status).toBe(401)
    expect(replay.body.message).toBe(
      'Google login failed: the sign-in code was not accepted. Please sign in with Google again.',
    )
  })

  it("when Google's keys cannot be fetched, it answers 502, not a verification failure", async () => {
    const code = await google.issueCode({ sub: 'google-keys-down', email: 'keys@gmail.com' })
    google.setKeysDown(true)
    try {
      // A fresh app: the running one may hold the keys in its cache already.
      const fresh = await createTestApp(google.config)
      try {
        const response = await fresh.request.post('/api/accounts/google-login/').send({ code })
        expect(response.status).toBe(502)
      } finally {
        await fresh.cleanup()
      }
    } finally {
      google.setKeysDown(false)
    }
  })

  it('when Google cannot be reached, it answers 502', async () => {
    const code = await google.issueCode({ sub: 'google-down', email: 'down@gmail.com' })
    google.setDown(true)
    try {
      const response = await googleLogin(code)
      expect(response.status).toBe(502)
      expect(response.body.message).toBe('Google login failed: Google could not be reached. Please try again.')
    } finally {
      google.setDown(false)
    }
  })
})

describe('Google sign-in, not configured', () => {
  it('says it is unavailable, and a sign-in attempt is a clear 400', async () => {
    const plain = await createTestApp()
    try {
      expect((await plain.request.get('/api/accounts/google-login/')).body).toEqual({ enabled: false })
      const response = await plain.request.post('/api/accounts/google-login/').send({ code: 'anything' })
      expect(response.status).toBe(400)
      expect(response.body.message).toBe('Google sign-in is not configured on this server.')
    } finally {
      await plain.cleanup()
    }
  })
})
