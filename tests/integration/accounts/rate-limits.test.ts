// @database-specific: concurrent guesses share the limiter's rows; the shared store across processes
import supertest from 'supertest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHttpApp } from '../../../server/http/create-http-app.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { hashPassword } from '../../../server/accounts/password-hashing.ts'
import { UNTRUSTED_PROXY_WARNING } from '../../../server/http/warn-of-untrusted-proxy.ts'
import { GOOD_PASSWORD, logIn, signUp } from '../../support/accounts.ts'
import { createTestApp, testConfig, type TestApp } from '../../support/create-test-app.ts'

const apps: { cleanup(): Promise<void> }[] = []
afterEach(async () => {
  vi.useRealTimers()
  for (const app of apps.splice(0).reverse()) await app.cleanup()
})

async function appWith(overrides: Record<string, string>) {
  const testApp = await createTestApp(overrides)
  apps.push(testApp)
  return testApp
}

// The limiters count time by Date.now() (rate-limiter-flexible takes no clock): a test that waits out a
// window stops the date and moves it on, instead of sleeping. Timers, the database and hashing run as ever.
const stopTheDate = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
const moveTheDateOn = (ms: number) => vi.setSystemTime(Date.now() + ms)

describe('rate limits on sign-up, refresh and Google sign-in', () => {
  it('per IP: past the limit the answer is 429 with Retry-After, and the window resets it', async () => {
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '3' })
    const attempt = () => testApp.request.post('/api/accounts/token/refresh/').send({ refresh_token: 'rt_unknown' })
    stopTheDate() // the attempts land at one moment, however slow the machine
    const statuses = []
    for (let count = 0; count < 4; count++) statuses.push(await attempt())
    expect(statuses.map((response) => response.status)).toEqual([401, 401, 401, 429])
    const blocked = statuses[3]!
    expect(blocked.body.message).toBe('Too many attempts. Please try again in 3 seconds.')
    expect(blocked.headers['retry-after']).toBe('3')
    moveTheDateOn(2_999)
    expect((await attempt()).status).toBe(429)
    moveTheDateOn(1)
    expect((await attempt()).status).toBe(401)
  })

  it.each([
    ['register', { email: 'x@example.com', password: 'weak', full_name: 'X' }],
    ['token/refresh', { refresh_token: 'rt_nothing' }],
    ['google-login', { code: 'x' }],
  ])('per IP on %s too', async (path, body) => {
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_IP: '2' })
    const statuses = []
    for (let attempt = 0; attempt < 3; attempt++)
      statuses.push((await testApp.request.post(`/api/accounts/${path}/`).send(body)).status)
    expect(statuses[2]).toBe(429)
    expect(statuses.slice(0, 2)).not.toContain(429)
  })

  it('behind one trusted proxy, a client cannot dodge the per-IP limit by writing its own X-Forwarded-For', async () => {
    const testApp = await appWith({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '3' })
    const statuses = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const forwarded = `198.51.100.${attempt}, 203.0.113.7` // the client's spoofed entry, then what our proxy appended
      statuses.push(
        (
          await testApp.request
            .post('/api/accounts/token/refresh/')
            .set('X-Forwarded-For', forwarded)
            .send({ refresh_token: 'rt_x' })
        ).status,
      )
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429])
  })

  it('per account on register: one e-mail cannot be hammered', async () => {
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_ACCOUNT: '2', AUTH_RATE_LIMIT_PER_IP: '10000' })
    const statuses = []
    for (let attempt = 0; attempt < 3; attempt++)
      statuses.push(
        (
          await testApp.request
            .post('/api/accounts/register/')
            .send({ email: 'same@example.com', password: 'Good-Pass-1', full_name: 'S' })
        ).status,
      )
    expect(statuses).toEqual([201, 409, 429])
  })
})

const HOME = '198.51.100.7' // where the owner signs in
const ATTACKER = '203.0.113.66'
const signInFrom = (testApp: TestApp, address: string, email: string, password: string) =>
  testApp.request.post('/api/accounts/login/').set('X-Forwarded-For', address).send({ email, password })
const statusesOf = (responses: { status: number }[]) => responses.map((response) => response.status)

describe('password sign-in throttling cannot be turned against the owner', () => {
  it('ten wrong passwords from one address (any spelling of the e-mail) slow that address down; the owner elsewhere signs in', async () => {
    const testApp = await appWith({ TRUST_PROXY: '1' })
    const owner = await signUp(testApp)
    const spellings = [owner.email, owner.email.toUpperCase(), `  ${owner.email}  `, ` ${owner.email.toUpperCase()}   `]
    const attack = []
    for (let guess = 0; guess < 10; guess++)
      attack.push(await signInFrom(testApp, ATTACKER, spellings[guess % spellings.length]!, `Wrong-Pass-${guess}`))
    // Five free wrong passwords, one more checked, then each waits (1 s, 2 s, …): the rest come too soon.
    expect(statusesOf(attack).slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401])
    const waited = attack.find((response) => response.status === 429)
    expect(waited?.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/)
    expect(Number(waited?.headers['retry-after'])).toBeGreaterThanOrEqual(1)

    expect((await signInFrom(testApp, HOME, owner.email, owner.password)).status).toBe(200)
    expect(
      (await signInFrom(testApp, '2001:db8:1:2::7', `  ${owner.email.toUpperCase()} `, owner.password)).status,
    ).toBe(200)
  })

  it('the waits are short and grow: the right password from the throttled address gets in once its wait is over', async () => {
    const testApp = await appWith({ TRUST_PROXY: '1', AUTH_SIGN_IN_FREE_FAILURES: '1' })
    const owner = await signUp(testApp)
    stopTheDate()
    for (let guess = 0; guess < 2; guess++)
      expect((await signInFrom(testApp, ATTACKER, owner.email, 'Wrong-Pass-1')).status).toBe(401)
    // The second wrong password is the first past the free one: a wait of 1 s, then the owner gets in.
    const tooSoon = await signInFrom(testApp, ATTACKER, owner.email, owner.password)
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.headers['retry-after']).toBe('1')
    moveTheDateOn(1_000)
    expect((await signInFrom(testApp, ATTACKER, owner.email, owner.password)).status).toBe(200)
  })

  it('a burst of guesses sent at once from one address gets the free checks and one more, not one each', async () => {
    const testApp = await appWith({ TRUST_PROXY: '1', AUTH_SIGN_IN_FREE_FAILURES: '2' })
    const owner = await signUp(testApp)
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => signInFrom(testApp, ATTACKER, owner.email, 'Wrong-Pass-1')),
    )
    expect(statusesOf(burst).filter((status) => status === 401)).toHaveLength(3)
    expect(statusesOf(burst).filter((status) => status === 429)).toHaveLength(27)
    expect((await signInFrom(testApp, HOME, owner.email, owner.password)).status).toBe(200)
  })

  it('a successful sign-in clears its address: typos now and then never add up', async () => {
    const testApp = await appWith({ AUTH_SIGN_IN_FREE_FAILURES: '2' })
    const account = await signUp(testApp)
    for (let round = 0; round < 3; round++) {
      expect((await logIn(testApp, account.email, 'Wrong-Pass-1')).status).toBe(401)
      expect((await logIn(testApp, account.email, 'Wrong-Pass-1')).status).toBe(401)
      expect((await logIn(testApp, account.email, account.password)).status).toBe(200)
    }
  })

  it('the per-account ceiling bounds guessing from many addresses, counts every spelling as one account, and spares addresses the owner signed in from', async () => {
    const testApp = await appWith({ TRUST_PROXY: '1', AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: '4' })
    const owner = await signUp(testApp)
    expect((await signInFrom(testApp, HOME, owner.email, owner.password)).status).toBe(200)
    const spellings = [owner.email.toUpperCase(), `  ${owner.email}  `, ` ${owner.email.toUpperCase()}`, owner.email]
    const guesses = []
    for (const [index, spelling] of spellings.entries())
      guesses.push(await signInFrom(testApp, `203.0.113.${index + 1}`, spelling, 'Wrong-Pass-1'))
    expect(statusesOf(guesses)).toEqual([401, 401, 401, 401])
    const overCeiling = await signInFrom(testApp, '203.0.113.99', owner.email, 'Wrong-Pass-1')
    expect(overCeiling.status).toBe(429)
    expect(Number(overCeiling.headers['retry-after'])).toBeGreaterThan(60)
    expect((await signInFrom(testApp, HOME, owner.email.toUpperCase(), owner.password)).status).toBe(200)
  })

  it('concurrent guesses from many addresses cannot slip past the per-account ceiling', async () => {
    const testApp = await appWith({ TRUST_PROXY: '1', AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: '5' })
    const owner = await signUp(testApp)
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        signInFrom(testApp, `203.0.113.${index + 1}`, owner.email, 'Wrong-Pass-1'),
      ),
    )
    expect(statusesOf(burst).filter((status) => status === 401)).toHaveLength(5)
    expect(statusesOf(burst).filter((status) => status === 429)).toHaveLength(25)
  })

  it('unknown e-mails are throttled the same way, so the answers do not reveal which exist', async () => {
    const testApp = await appWith({ TRUST_PROXY: '1', AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: '2' })
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await signInFrom(testApp, `203.0.113.${attempt + 1}`, 'ghost@example.com', 'Wrong-Pass-1')).status).toBe(
        401,
      )
    expect((await signInFrom(testApp, '203.0.113.3', 'ghost@example.com', 'Wrong-Pass-1')).status).toBe(429)
  })

  it('an office behind one address: more colleagues signing in than its limit do not use it up, only wrong passwords do', async () => {
    // As the report's 100 sign-ins against the default 100, at a small scale: each sign-in hashes.
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_IP: '3' })
    const passwordHash = await hashPassword(GOOD_PASSWORD)
    const emails = Array.from({ length: 5 }, (_, index) => `colleague${index}@office.example`)
    await testApp.database.prisma.user.createMany({
      data: emails.map((email) => ({ email, fullName: 'Colleague', passwordHash })),
    })
    for (const email of emails) expect((await logIn(testApp, email, GOOD_PASSWORD)).status).toBe(200)
    expect((await logIn(testApp, emails[0]!, 'Wrong-Pass-1')).status).toBe(401)
    expect((await logIn(testApp, emails[1]!, GOOD_PASSWORD)).status).toBe(200)
  })

  it('past the failures one address may send, a newcomer there waits, but an account that signed in there lately does not', async () => {
    const testApp = await appWith({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '3' })
    const regular = await signUp(testApp)
    const newcomer = await signUp(testApp)
    expect((await signInFrom(testApp, ATTACKER, regular.email, regular.password)).status).toBe(200)
    for (let guess = 0; guess < 3; guess++)
      expect((await signInFrom(testApp, ATTACKER, `victim${guess}@example.com`, 'Wrong-Pass-1')).status).toBe(401)
    const refused = await signInFrom(testApp, ATTACKER, newcomer.email, newcomer.password)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/)
    expect((await signInFrom(testApp, ATTACKER, regular.email, regular.password)).status).toBe(200)
    expect((await signInFrom(testApp, HOME, newcomer.email, newcomer.password)).status).toBe(200)
  })
})

describe('behind a proxy', () => {
  it.each([['1'], ['loopback']])(
    'with TRUST_PROXY=%s, per-address limits apply to each forwarded client',
    async (trustProxy) => {
      const testApp = await appWith({ TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT_PER_IP: '2' })
      for (let guess = 0; guess < 2; guess++)
        expect((await signInFrom(testApp, '198.51.100.1', `someone${guess}@example.com`, 'Wrong-Pass-1')).status).toBe(
          401,
        )
      expect((await signInFrom(testApp, '198.51.100.1', 'someone@example.com', 'Wrong-Pass-1')).status).toBe(429)
      expect((await signInFrom(testApp, '198.51.100.2', 'someone@example.com', 'Wrong-Pass-1')).status).toBe(401)
      expect(testApp.logLines.filter((line) => line.msg === UNTRUSTED_PROXY_WARNING)).toEqual([])
    },
  )

  it('with TRUST_PROXY off, every forwarded client is the proxy: they share one limit, and the server warns once', async () => {
    const testApp = await appWith({ AUTH_RATE_LIMIT_PER_IP: '2' })
    for (let guess = 0; guess < 2; guess++)
      expect((await signInFrom(testApp, '198.51.100.1', `someone${guess}@example.com`, 'Wrong-Pass-1')).status).toBe(
        401,
      )
    expect((await signInFrom(testApp, '198.51.100.2', 'someone@example.com', 'Wrong-Pass-1')).status).toBe(429)
    await testApp.request.get('/api/dashboard/api/health/').set('Forwarded', 'for=198.51.100.3')
    const warnings = testApp.logLines.filter((line) => line.msg === UNTRUSTED_PROXY_WARNING)
    expect(warnings).toHaveLength(1)
    expect(JSON.stringify(warnings)).not.toContain('198.51.100.')
  })

  it('without forwarded headers there is nothing to warn about', async () => {
    const testApp = await appWith({})
    await testApp.request.get('/api/dashboard/api/health/')
    expect(testApp.logLines.filter((line) => line.msg === UNTRUSTED_PROXY_WARNING)).toEqual([])
  })
})

// Two app instances over one store stand for two server processes of one deployment.
async function twoInstancesSharing(testApp: TestApp, overrides: Record<string, string>) {
  const config = testConfig({
    DATA_DIR: testApp.config.DATA_DIR,
    DATABASE_URL: testApp.config.DATABASE_URL,
    ...overrides,
  })
  const second = await createHttpApp({
    config,
    database: testApp.database,
    logger: createLogger({ LOG_LEVEL: 'silent' }),
  })
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
    expect(
      (await second.post('/api/accounts/login/').send({ email: 'a@example.com', password: 'Wrong-1!' })).status,
    ).toBe(429)
    expect(await first.database.prisma.rateLimit.count()).toBeGreaterThan(0)
  })

  it.runIf(Boolean(process.env.TEST_REDIS_URL))(
    'RATE_LIMIT_STORE=redis: every process on the Redis counts against one limit',
    async () => {
      const overrides = {
        RATE_LIMIT_STORE: 'redis',
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        RATE_LIMIT_NAMESPACE: `test-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
        AUTH_RATE_LIMIT_PER_IP: '3',
      }
      const first = await appWith(overrides)
      const second = await twoInstancesSharing(first, overrides)
      for (const request of [first.request, second, first.request])
        expect(
          (await request.post('/api/accounts/login/').send({ email: 'r@example.com', password: 'Wrong-1!' })).status,
        ).toBe(401)
      expect(
        (await second.post('/api/accounts/login/').send({ email: 'r@example.com', password: 'Wrong-1!' })).status,
      ).toBe(429)
    },
  )

  it('RATE_LIMIT_STORE=redis with Redis out of reach: limits still hold in the process, and the log says so once', async () => {
    const app = await appWith({
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: 'redis://127.0.0.1:1', // nothing listens there
      AUTH_RATE_LIMIT_PER_IP: '2',
    })
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect(
        (await app.request.post('/api/accounts/login/').send({ email: 'x@example.com', password: 'Wrong-1!' })).status,
      ).toBe(401)
    expect(
      (await app.request.post('/api/accounts/login/').send({ email: 'x@example.com', password: 'Wrong-1!' })).status,
    ).toBe(429)
    const said = app.logLines.filter((line) => String(line.msg).startsWith('Redis for rate limits is unreachable'))
    expect(said).toHaveLength(1)
  })

  it('RATE_LIMIT_STORE=database: the sign-in throttle counts across processes, and remembers where the owner signed in', async () => {
    const overrides = {
      RATE_LIMIT_STORE: 'database',
      TRUST_PROXY: '1',
      AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: '2',
    }
    const first = await appWith(overrides)
    const second = await twoInstancesSharing(first, overrides)
    const owner = await signUp(first)
    const signIn = (request: TestApp['request'], address: string, password: string) =>
      request.post('/api/accounts/login/').set('X-Forwarded-For', address).send({ email: owner.email, password })
    expect((await signIn(first.request, HOME, owner.password)).status).toBe(200)
    expect((await signIn(first.request, '203.0.113.1', 'Wrong-Pass-1')).status).toBe(401)
    expect((await signIn(second, '203.0.113.2', 'Wrong-Pass-1')).status).toBe(401)
    expect((await signIn(first.request, '203.0.113.3', 'Wrong-Pass-1')).status).toBe(429)
    expect((await signIn(second, HOME, owner.password)).status).toBe(200)
  })

  it('when the shared store is down, limits still hold per process and sign-in still works', async () => {
    const testApp = await appWith({
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: 'redis://127.0.0.1:1',
      AUTH_RATE_LIMIT_PER_IP: '2',
    })
    const account = await signUp(testApp)
    // Made elsewhere (signing up here would make this address one it is known at, decision 037).
    const newcomer = `newcomer-${Date.now()}@example.com`
    await testApp.database.prisma.user.create({
      data: { email: newcomer, fullName: 'Newcomer', passwordHash: await hashPassword(GOOD_PASSWORD) },
    })
    expect((await logIn(testApp, account.email, account.password)).status).toBe(200)
    expect((await logIn(testApp, account.email, 'Wrong-Pass-1')).status).toBe(401)
    expect((await logIn(testApp, account.email, 'Wrong-Pass-1')).status).toBe(401)
    expect((await logIn(testApp, newcomer, GOOD_PASSWORD)).status).toBe(429)
  })
})
