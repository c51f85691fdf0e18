import supertest from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { logIn, signUp } from '../../support/accounts.ts'
import { createTestApp, testConfig, type TestApp } from '../../support/create-test-app.ts'

const apps: { cleanup(): Promise<void> }[] = []
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.cleanup()
})

async function appWith(overrides: Record<string, string>) {
  const testApp = await createTestApp(overrides)
  apps.push(testApp)
  return testApp
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('rate limits on signing in', () => {
  it('per IP: past the limit the answer is 429 with Retry-After, and the window resets it', async () => {
    // The refresh call is cheap (no password hashing), so the attempts land well inside the window.
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '3' })
    const attempt = () => testApp.request.post('/api/accounts/token/refresh/').send({ refresh_token: 'rt_unknown' })
    const statuses = []
    for (let count = 0; count < 4; count++) statuses.push(await attempt())
    expect(statuses.map((response) => response.status)).toEqual([401, 401, 401, 429])
    const blocked = statuses[3]!
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please try again in [1-3] seconds\.$/)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    await wait(Number(blocked.headers['retry-after']) * 1000)
    await expect.poll(async () => (await attempt()).status, { timeout: 5_000, interval: 250 }).toBe(401)
  })

  it.each([
    ['register', { email: 'x@example.com', password: 'weak', full_name: 'X' }],
    ['token/refresh', { refresh_token: 'rt_nothing' }],
    ['google-login', { code: 'x' }],
  ])('per IP on %s too', async (path, body) => {
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_IP: '2' })
    const statuses = []
    for (let attempt = 0; attempt < 3; attempt++) statuses.push((await testApp.request.post(`/api/accounts/${path}/`).send(body)).status)
    expect(statuses[2]).toBe(429)
    expect(statuses.slice(0, 2)).not.toContain(429)
  })

  it('per account: after repeated failures even the right password waits, other accounts do not', async () => {
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' })
    const target = await signUp(testApp)
    const bystander = await signUp(testApp)
    for (let attempt = 0; attempt < 3; attempt++) expect((await logIn(testApp, target.email, 'Wrong-Pass-1')).status).toBe(401)
    const blocked = await logIn(testApp, target.email, target.password)
    expect(blocked.status).toBe(429)
    expect((await logIn(testApp, bystander.email, bystander.password)).status).toBe(200)
  })

  it('per account: a successful sign-in clears the failures', async () => {
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' })
    const account = await signUp(testApp)
    for (let round = 0; round < 3; round++) {
      await logIn(testApp, account.email, 'Wrong-Pass-1')
      await logIn(testApp, account.email, 'Wrong-Pass-1')
      expect((await logIn(testApp, account.email, account.password)).status).toBe(200)
    }
  })

  it('concurrent guesses cannot slip past the per-account limit', async () => {
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_ACCOUNT: '5', AUTH_RATE_LIMIT_PER_IP: '10000' })
    const account = await signUp(testApp)
    const results = await Promise.all(Array.from({ length: 30 }, () => logIn(testApp, account.email, 'Wrong-Pass-1')))
    const statuses = results.map((result) => result.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(25)
  })

  it('behind one trusted proxy, a client cannot dodge the per-IP limit by writing its own X-Forwarded-For', async () => {
    const testApp = await appWith({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '3' })
    const statuses = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const forwarded = `198.51.100.${attempt}, 203.0.113.7` // the client's spoofed entry, then what our proxy appended
      statuses.push((await testApp.request.post('/api/accounts/token/refresh/').set('X-Forwarded-For', forwarded).send({ refresh_token: 'rt_x' })).status)
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429])
  })

  it('per account on register: one e-mail cannot be hammered', async () => {
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_ACCOUNT: '2', AUTH_RATE_LIMIT_PER_IP: '10000' })
    const statuses = []
    for (let attempt = 0; attempt < 3; attempt++) statuses.push((await testApp.request.post('/api/accounts/register/').send({ email: 'same@example.com', password: 'Good-Pass-1', full_name: 'S' })).status)
    expect(statuses).toEqual([201, 409, 429])
  })

  it('unknown e-mails are limited the same way, so the limit does not reveal which exist', async () => {
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_ACCOUNT: '2' })
    for (let attempt = 0; attempt < 2; attempt++) await logIn(testApp, 'ghost@example.com', 'Wrong-Pass-1')
    expect((await logIn(testApp, 'ghost@example.com', 'Wrong-Pass-1')).status).toBe(429)
  })
})

// Two app instances over one store stand for two server processes of one deployment.
async function twoInstancesSharing(testApp: TestApp, overrides: Record<string, string>) {
  const config = testConfig({ DATA_DIR: testApp.config.DATA_DIR, DATABASE_URL: testApp.config.DATABASE_URL, ...overrides })
  const second = await createApp({ config, database: testApp.database, logger: createLogger({ LOG_LEVEL: 'silent' }) })
  apps.push({ cleanup: () => second.close() })
  return supertest(second)
}

describe('a shared store', () => {
  it('RATE_LIMIT_STORE=database: every process on the database counts against one limit', async () => {
    const overrides = { RATE_LIMIT_STORE: 'database', AUTH_RATE_LIMIT_PER_IP: '3' }
    const first = await appWith(overrides)
    const second = await twoInstancesSharing(first, overrides)
    await logIn(first, 'a@example.com', 'Wrong-1!')
    await second.post('/api/accounts/login/').send({ email: 'a@example.com', password: 'Wrong-1!' })
    await logIn(first, 'a@example.com', 'Wrong-1!')
    expect((await second.post('/api/accounts/login/').send({ email: 'a@example.com', password: 'Wrong-1!' })).status).toBe(429)
    expect(await first.database.prisma.rateLimit.count()).toBeGreaterThan(0)
  })

  it.runIf(Boolean(process.env.TEST_REDIS_URL))('RATE_LIMIT_STORE=redis: every process on the Redis counts against one limit', async () => {
    const overrides = { RATE_LIMIT_STORE: 'redis', REDIS_URL: process.env.TEST_REDIS_URL ?? '', RATE_LIMIT_NAMESPACE: `test-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, AUTH_RATE_LIMIT_PER_IP: '3' }
    const first = await appWith(overrides)
    const second = await twoInstancesSharing(first, overrides)
    for (const request of [first.request, second, first.request]) expect((await request.post('/api/accounts/login/').send({ email: 'r@example.com', password: 'Wrong-1!' })).status).toBe(401)
    expect((await second.post('/api/accounts/login/').send({ email: 'r@example.com', password: 'Wrong-1!' })).status).toBe(429)
  })

  it('when the shared store is down, limits still hold per process and sign-in still works', async () => {
    const testApp = await appWith({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:1', AUTH_RATE_LIMIT_PER_IP: '2' })
    const account = await signUp(testApp)
    expect((await logIn(testApp, account.email, account.password)).status).toBe(200)
    expect((await logIn(testApp, account.email, account.password)).status).toBe(200)
    expect((await logIn(testApp, account.email, account.password)).status).toBe(429)
  })
})
