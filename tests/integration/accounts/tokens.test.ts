// @database-specific: two refreshes of one token at once race on its row
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { bearer, logIn, signUp } from '../../support/accounts.ts'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000' })
})
afterAll(() => testApp.cleanup())

const refresh = (refreshToken: string) =>
  testApp.request.post('/api/accounts/token/refresh/').send({ refresh_token: refreshToken })
const profile = (accessToken: string) => testApp.request.get('/api/accounts/profile/').set(bearer(accessToken))

// Moves every spent token of the user's sessions a minute into the past, beyond the reuse grace period.
async function spentLongAgo(userId: string) {
  await testApp.database.prisma.refreshToken.updateMany({
    where: { family: { userId }, rotatedAt: { not: null } },
    data: { rotatedAt: new Date(Date.now() - 60_000) },
  })
}

async function signingKey() {
  const secret = await testApp.database.prisma.appSecret.findUniqueOrThrow({ where: { name: 'access-token' } })
  return Buffer.from(secret.value, 'base64url')
}

describe('access tokens', () => {
  it('open the signed-in routes; without one the answer is 401', async () => {
    const account = await signUp(testApp)
    expect((await profile(account.access)).status).toBe(200)
    const missing = await testApp.request.get('/api/accounts/profile/')
    expect(missing.status).toBe(401)
    expect(missing.body).toMatchObject({
      message: 'Authentication credentials were not provided.',
      reason: 'missing_token',
    })
  })

  it('the Bearer scheme is case-insensitive', async () => {
    const account = await signUp(testApp)
    expect(
      (await testApp.request.get('/api/accounts/profile/').set('Authorization', `bearer ${account.access}`)).status,
    ).toBe(200)
  })

  it('a tampered token is refused', async () => {
    const account = await signUp(testApp)
    const [header, payload, signature] = account.access.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, sub: '01a1fed8-db14-76e0-9c1b-b18b6b861a9b' }),
    ).toString('base64url')
    for (const token of [
      `${header}.${forgedPayload}.${signature}`,
      `${account.access.slice(0, -2)}xx`,
      'not-a-token',
    ]) {
      const response = await profile(token)
      expect(response.status).toBe(401)
      expect(response.body.reason).toBe('token_invalid')
    }
  })

  it('a token signed with another key, or with "none", is refused', async () => {
    const account = await signUp(testApp)
    const claims = JSON.parse(Buffer.from(account.access.split('.')[1] ?? '', 'base64url').toString())
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(new TextEncoder().encode('x'.repeat(32)))
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${account.access.split('.')[1]}.`
    for (const token of [foreign, unsigned]) expect((await profile(token)).status).toBe(401)
  })

  it('an expired token is refused and says so, so the client refreshes', async () => {
    const account = await signUp(testApp)
    const claims = JSON.parse(Buffer.from(account.access.split('.')[1] ?? '', 'base64url').toString())
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(await signingKey())
    const response = await profile(expired)
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ message: 'Your access token has expired.', reason: 'token_expired' })
  })

  it('live for ACCESS_TOKEN_TTL_SECONDS', async () => {
    const account = await signUp(testApp)
    const claims = JSON.parse(Buffer.from(account.access.split('.')[1] ?? '', 'base64url').toString())
    expect(claims.exp - claims.iat).toBe(testApp.config.ACCESS_TOKEN_TTL_SECONDS)
  })
})

describe('POST /api/accounts/token/refresh/', () => {
  it('rotates: a new access and refresh token, and the spent refresh token stops working', async () => {
    const account = await signUp(testApp)
    const first = await refresh(account.refresh)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.stringMatching(/^rt_/) })
    expect(first.body.refresh_token).not.toBe(account.refresh)
    expect((await profile(first.body.access_token)).status).toBe(200)
    const second = await refresh(first.body.refresh_token)
    expect(second.status).toBe(200)
  })

  it('a refresh token reused after the grace period revokes its whole family: every token of that sign-in stops working', async () => {
    const account = await signUp(testApp)
    const rotated = await refresh(account.refresh)
    await spentLongAgo(account.userId)
    const reuse = await refresh(account.refresh)
    expect(reuse.status).toBe(401)
    expect(reuse.body.message).toBe('Invalid or expired refresh token')
    expect((await refresh(rotated.body.refresh_token)).status).toBe(401)
    const afterRevocation = await profile(rotated.body.access_token)
    expect(afterRevocation.status).toBe(401)
    expect(afterRevocation.body.reason).toBe('session_ended')
    const family = await testApp.database.prisma.refreshTokenFamily.findFirstOrThrow({
      where: { userId: account.userId },
    })
    expect(family.revokedReason).toBe('reuse')
  })

  it("reuse in one sign-in leaves the account's other sign-ins alone", async () => {
    const account = await signUp(testApp)
    const otherDevice = (await logIn(testApp, account.email, account.password)).body.tokens
    await refresh(account.refresh)
    await spentLongAgo(account.userId)
    await refresh(account.refresh)
    expect((await refresh(otherDevice.refresh)).status).toBe(200)
  })

  it('two tabs refreshing with one token at once both carry on (grace period), each with its own new token', async () => {
    const account = await signUp(testApp)
    const results = await Promise.all([refresh(account.refresh), refresh(account.refresh)])
    expect(results.map((result) => result.status)).toEqual([200, 200])
    expect(results[0]?.body.refresh_token).not.toBe(results[1]?.body.refresh_token)
    for (const result of results) expect((await refresh(result.body.refresh_token)).status).toBe(200)
  })

  it('a retry right after a lost answer is not taken for theft', async () => {
    const account = await signUp(testApp)
    await refresh(account.refresh)
    const retry = await refresh(account.refresh)
    expect(retry.status).toBe(200)
    const family = await testApp.database.prisma.refreshTokenFamily.findFirstOrThrow({
      where: { userId: account.userId },
    })
    expect(family.revokedAt).toBeNull()
  })

  it('a sign-in ends after SESSION_MAX_AGE_SECONDS however often it is refreshed', async () => {
    const account = await signUp(testApp)
    const maxAgeMs = testApp.config.SESSION_MAX_AGE_SECONDS * 1000
    await testApp.database.prisma.refreshTokenFamily.updateMany({
      where: { userId: account.userId },
      data: { createdAt: new Date(Date.now() - maxAgeMs - 1000) },
    })
    expect((await refresh(account.refresh)).status).toBe(401)
  })

  it('an expired refresh token is refused', async () => {
    const account = await signUp(testApp)
    await testApp.database.prisma.refreshToken.updateMany({
      where: { family: { userId: account.userId } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    })
    expect((await refresh(account.refresh)).status).toBe(401)
  })

  it('an unknown token is 401 and a missing one 400 with the SPEC text', async () => {
    expect((await refresh('rt_unknown')).body.message).toBe('Invalid or expired refresh token')
    const missing = await testApp.request.post('/api/accounts/token/refresh/').send({})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('No refresh token available')
  })
})

describe('POST /api/accounts/logout/', () => {
  it('ends the session: its refresh token and its access token stop working', async () => {
    const account = await signUp(testApp)
    const response = await testApp.request.post('/api/accounts/logout/').send({ refresh_token: account.refresh })
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Logged out successfully')
    expect(new Date(response.body.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect((await refresh(account.refresh)).status).toBe(401)
    expect((await profile(account.access)).status).toBe(401)
  })

  it('an unknown or already ended session is 401 with the SPEC text, a missing token 400', async () => {
    const account = await signUp(testApp)
    await testApp.request.post('/api/accounts/logout/').send({ refresh_token: account.refresh })
    const again = await testApp.request.post('/api/accounts/logout/').send({ refresh_token: account.refresh })
    expect(again.status).toBe(401)
    expect(again.body.message).toBe('Invalid or expired refresh token')
    const missing = await testApp.request.post('/api/accounts/logout/').send({})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Invalid logout request')
  })
})

describe('the signing secret', () => {
  it('survives a restart: a token issued before still opens the API after', async () => {
    const account = await signUp(testApp)
    const { createHttpApp } = await import('../../../server/http/create-http-app.ts')
    const { createLogger } = await import('../../../server/logging/create-logger.ts')
    const restarted = await createHttpApp({
      config: testApp.config,
      database: testApp.database,
      logger: createLogger({ LOG_LEVEL: 'silent' }),
    })
    try {
      const supertest = (await import('supertest')).default
      expect((await supertest(restarted).get('/api/accounts/profile/').set(bearer(account.access))).status).toBe(200)
    } finally {
      await restarted.close()
    }
  })

  it('with SECRET_KEY set, keys are derived from it and none is stored', async () => {
    const keyed = await createTestApp({ SECRET_KEY: 'k'.repeat(40) })
    try {
      await signUp(keyed)
      expect(await keyed.database.prisma.appSecret.count()).toBe(0)
    } finally {
      await keyed.cleanup()
    }
  })

  it('is generated once and kept, never a built-in default', async () => {
    const stored = await testApp.database.prisma.appSecret.findMany({ where: { name: 'access-token' } })
    expect(stored).toHaveLength(1)
    expect(Buffer.from(stored[0]?.value ?? '', 'base64url')).toHaveLength(32)
    const other = await createTestApp()
    try {
      const otherKey = await other.database.prisma.appSecret.findUniqueOrThrow({ where: { name: 'access-token' } })
      expect(otherKey.value).not.toBe(stored[0]?.value)
    } finally {
      await other.cleanup()
    }
  })
})
