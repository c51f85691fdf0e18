import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { GOOD_PASSWORD, logIn, signUp } from '../../support/accounts.ts'

let testApp: TestApp
beforeAll(async () => {
  // The standard cost, so that the stored hash is the one production stores.
  testApp = await createTestApp({ PASSWORD_HASH_COST: 'standard' })
})
afterAll(() => testApp.cleanup())

describe('POST /api/accounts/register/', () => {
  it('creates the account, signs it in and answers user, message and tokens', async () => {
    const response = await testApp.request
      .post('/api/accounts/register/')
      .send({ email: '  New.Person@Example.COM ', password: GOOD_PASSWORD, full_name: ' New Person ' })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      message: 'Registration successful',
      user: { email: 'new.person@example.com', full_name: 'New Person', profile_image: null, has_password: true },
      tokens: { access: expect.any(String), refresh: expect.stringMatching(/^rt_/) },
    })
    expect(new Date(response.body.user.date_joined).getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it('stores an argon2id hash, never the password, and only a hash of the refresh token', async () => {
    const account = await signUp(testApp)
    const user = await testApp.database.prisma.user.findUniqueOrThrow({ where: { id: account.userId } })
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,p=1,t=3\$/)
    const tokens = await testApp.database.prisma.refreshToken.findMany({
      where: { family: { userId: account.userId } },
    })
    expect(tokens).toHaveLength(1)
    expect(tokens[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(tokens)).not.toContain(account.refresh)
  })

  it('refuses an e-mail that is taken, whatever its case', async () => {
    const account = await signUp(testApp)
    const response = await testApp.request
      .post('/api/accounts/register/')
      .send({ email: account.email.toUpperCase(), password: GOOD_PASSWORD, full_name: 'Again' })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('An account with this email already exists. Sign in instead.')
  })

  it.each([
    ['Short-1', 'too short'],
    ['correct-horse-9', 'no uppercase'],
    ['CORRECT-HORSE-9', 'no lowercase'],
    ['Correct-Horse-X', 'no digit'],
    ['CorrectHorse99', 'no symbol'],
  ])('refuses the password %s (%s) with the SPEC message', async (password) => {
    const response = await testApp.request
      .post('/api/accounts/register/')
      .send({ email: 'rules@example.com', password, full_name: 'Rules' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Please meet all password requirements to continue.')
  })

  it.each([
    [{ password: GOOD_PASSWORD, full_name: 'A' }],
    [{ email: 'a@example.com', full_name: 'A' }],
    [{ email: 'a@example.com', password: GOOD_PASSWORD }],
    [{ email: '  ', password: GOOD_PASSWORD, full_name: 'A' }],
    [{ email: 'a@example.com', password: GOOD_PASSWORD, full_name: '   ' }],
  ])('answers All fields are required when one is missing or blank: %j', async (body) => {
    const response = await testApp.request.post('/api/accounts/register/').send(body)
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('All fields are required')
  })

  it('refuses an e-mail that does not look like one', async () => {
    const response = await testApp.request
      .post('/api/accounts/register/')
      .send({ email: 'not-an-email', password: GOOD_PASSWORD, full_name: 'A' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Please enter a valid email address')
  })
})

describe('POST /api/accounts/login/', () => {
  it('signs in with the right password, any e-mail case and spacing', async () => {
    const account = await signUp(testApp)
    const response = await logIn(testApp, `  ${account.email.toUpperCase()} `, account.password)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      message: 'Login successful',
      user: { email: account.email },
      tokens: { access: expect.any(String), refresh: expect.any(String) },
    })
    const profile = await testApp.request
      .get('/api/accounts/profile/')
      .set('Authorization', `Bearer ${response.body.tokens.access}`)
    expect(profile.body.email).toBe(account.email)
  })

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const account = await signUp(testApp)
    const wrongPassword = await logIn(testApp, account.email, 'Wrong-Password-1')
    const unknownEmail = await logIn(testApp, 'nobody-here@example.com', 'Wrong-Password-1')
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401)
      expect(response.body.message).toBe('Invalid email or password.')
    }
    expect(Object.keys(wrongPassword.body).sort()).toEqual(Object.keys(unknownEmail.body).sort())
  })

  it('an account created without a password (Google) cannot sign in with one', async () => {
    await testApp.database.prisma.user.create({
      data: { email: 'google-only@example.com', fullName: 'G', googleSubject: 'g-1' },
    })
    const response = await logIn(testApp, 'google-only@example.com', 'Anything-1!')
    expect(response.status).toBe(401)
    expect(response.body.message).toBe('Invalid email or password.')
  })

  it.each([
    [{}],
    [{ email: 'a@example.com' }],
    [{ password: 'x' }],
    [{ email: '   ', password: 'x' }],
    [{ email: 'a@example.com', password: '' }],
  ])('answers Email and password are required for %j', async (body) => {
    const response = await testApp.request.post('/api/accounts/login/').send(body)
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Email and password are required')
  })
})
