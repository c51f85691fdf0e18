import { hashPassword, verifyPassword } from '../server/accounts/password-hashing.ts'

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

async function timeEach(count: number, work: (index: number) => Promise<unknown>) {
  const durations: number[] = []
  for (let index = 0; index < count; index++) {
    const started = performance.now()
    await work(index)
    durations.push(performance.now() - started)
  }
  return { p50Ms: percentile(durations, 50), p99Ms: percentile(durations, 99) }
}

/**
 * "Forgot password?" for an address with an account and for one without, asked in turn (so both meet
 * the same machine): the answers must not tell them apart, by status, body or time.
 */
async function measurePasswordReset(baseUrl: string, knownEmail: string) {
  const known: number[] = []
  const unknown: number[] = []
  const bodies = new Set<string>()
  for (let index = 0; index < 200; index++) {
    const isKnown = index % 2 === 0
    const started = performance.now()
    const response = await fetch(`${baseUrl}/api/accounts/password-reset/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: isKnown ? knownEmail : `nobody-${index}-${Date.now()}@example.com` }),
    })
    bodies.add(`${response.status} ${await response.text()}`)
    ;(isKnown ? known : unknown).push(performance.now() - started)
  }
  if (bodies.size !== 1) throw new Error(`password reset answers differ: ${[...bodies].join(' | ')}`)
  return {
    resetKnownP50Ms: percentile(known, 50),
    resetKnownP99Ms: percentile(known, 99),
    resetUnknownP50Ms: percentile(unknown, 50),
    resetUnknownP99Ms: percentile(unknown, 99),
  }
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`)
  return json
}

/**
 * argon2id cost, and the latency of sign-up, sign-in, refresh, an authenticated read and "Forgot
 * password?" (known and unknown addresses) on a running server.
 */
export async function measureAccounts(baseUrl: string) {
  const hash = await timeEach(10, () => hashPassword('Bench-Password-1'))
  const stored = await hashPassword('Bench-Password-1')
  const verify = await timeEach(10, () => verifyPassword(stored, 'Bench-Password-1'))
  const password = 'Bench-Password-1'
  const register = await timeEach(10, (index) =>
    post(`${baseUrl}/api/accounts/register/`, {
      email: `bench${index}-${Date.now()}@example.com`,
      password,
      full_name: 'Bench',
    }),
  )
  const email = `bench-login-${Date.now()}@example.com`
  const { tokens } = (await post(`${baseUrl}/api/accounts/register/`, { email, password, full_name: 'Bench' })) as {
    tokens: { access: string; refresh: string }
  }
  const login = await timeEach(10, () => post(`${baseUrl}/api/accounts/login/`, { email, password }))
  let refreshToken = tokens.refresh
  const refresh = await timeEach(40, async () => {
    refreshToken = String(
      (await post(`${baseUrl}/api/accounts/token/refresh/`, { refresh_token: refreshToken })).refresh_token,
    )
  })
  const profile = await timeEach(300, async () => {
    const response = await fetch(`${baseUrl}/api/accounts/profile/`, {
      headers: { Authorization: `Bearer ${tokens.access}` },
    })
    await response.arrayBuffer()
  })
  const reset = await measurePasswordReset(baseUrl, email)
  return {
    ...reset,
    argon2HashMs: hash.p50Ms,
    argon2VerifyMs: verify.p50Ms,
    registerP50Ms: register.p50Ms,
    loginP50Ms: login.p50Ms,
    refreshP50Ms: refresh.p50Ms,
    authenticatedReadP50Ms: profile.p50Ms,
    authenticatedReadP99Ms: profile.p99Ms,
  }
}
