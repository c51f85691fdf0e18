import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'

let testApp: TestApp
let account: SignedUp
beforeAll(async () => {
  testApp = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_ACCOUNT: '100000' })
  account = await signUp(testApp)
})
afterAll(() => testApp.cleanup())

const HUGE = 'x'.repeat(100_000)

// Each endpoint, how it is called, a valid-looking body, and the SPEC's text for a body it cannot use.
const endpoints = [
  {
    method: 'post',
    path: '/api/accounts/login/',
    valid: { email: 'a@example.com', password: 'x' },
    message: 'Email and password are required',
    isSignedIn: false,
  },
  {
    method: 'post',
    path: '/api/accounts/register/',
    valid: { email: 'a@example.com', password: 'Good-Pass-1', full_name: 'A' },
    message: 'All fields are required',
    isSignedIn: false,
  },
  {
    method: 'post',
    path: '/api/accounts/google-login/',
    valid: { code: 'x' },
    message: 'Google login failed',
    isSignedIn: false,
  },
  {
    method: 'post',
    path: '/api/accounts/logout/',
    valid: { refresh_token: 'rt_x' },
    message: 'Invalid logout request',
    isSignedIn: false,
  },
  {
    method: 'post',
    path: '/api/accounts/token/refresh/',
    valid: { refresh_token: 'rt_x' },
    message: 'No refresh token available',
    isSignedIn: false,
  },
  {
    method: 'post',
    path: '/api/accounts/password-reset/',
    valid: { email: 'a@example.com' },
    message: 'Please enter your email address',
    isSignedIn: false,
  },
  {
    method: 'post',
    path: '/api/accounts/verify-email/',
    valid: { token: 'x'.repeat(43) },
    message: 'This link has expired or was already used. Ask for a new one from your profile.',
    isSignedIn: false,
  },
  {
    method: 'post',
    path: '/api/accounts/team/accept-invitation/',
    valid: { token: 'x'.repeat(43) },
    message: 'This invitation has expired, was already used or was revoked. Ask the team for a new one.',
    isSignedIn: true,
  },
  {
    method: 'put',
    path: '/api/accounts/profile/',
    valid: { full_name: 'A' },
    message: 'Please enter your full name',
    isSignedIn: true,
  },
  {
    method: 'put',
    path: '/api/accounts/change-password/',
    valid: { old_password: 'x', new_password: 'Good-Pass-1' },
    message: 'Please fill in all password fields',
    isSignedIn: true,
  },
  {
    method: 'put',
    path: '/api/accounts/change-email/',
    valid: { new_email: 'b@example.com', password: 'x' },
    message: 'Please fill in all fields',
    isSignedIn: true,
  },
  {
    method: 'post',
    path: '/api/accounts/profile/delete/',
    valid: { password: 'x' },
    message: 'Please enter your password to confirm account deletion',
    isSignedIn: true,
  },
] as const

function wrongTypes(valid: Record<string, unknown>) {
  return Object.keys(valid).flatMap((key) =>
    [123, true, null, ['a'], { nested: 'x' }].map((value) => ({ ...valid, [key]: value })),
  )
}

function missingFields(valid: Record<string, unknown>) {
  return Object.keys(valid).map((key) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key)))
}

describe.each(endpoints)('$method $path with a body it cannot use', (endpoint) => {
  const { method, path, valid, message, isSignedIn } = endpoint
  const call = () => {
    const request = testApp.request[method](path)
    return isSignedIn ? request.set(bearer(account.access)) : request
  }
  const bodies: [string, unknown][] = [
    ['an array', [valid]],
    ['a string', 'just text'],
    ['a number', 42],
    ['null', null],
    ['an empty object', {}],
    ...Object.keys(valid).map(
      (key) => [`a NUL character in ${key}`, { ...valid, [key]: 'a\u0000b@example.com' }] as [string, unknown],
    ),
    ...Object.keys(valid).map(
      (key) => [`a control character in ${key}`, { ...valid, [key]: 'a\u001bb@example.com' }] as [string, unknown],
    ),
    ...wrongTypes(valid).map((body) => [`wrong type ${JSON.stringify(body)}`, body] as [string, unknown]),
    ...missingFields(valid).map((body) => [`missing a field ${JSON.stringify(body)}`, body] as [string, unknown]),
    ...Object.keys(valid).map((key) => [`a huge ${key}`, { ...valid, [key]: HUGE }] as [string, unknown]),
  ]

  // The field's own rule may speak first (an e-mail that is no e-mail), or the NUL guard at the edge.
  const fieldRules = [
    'Please enter a valid email address',
    'Please meet all password requirements to continue.',
    'New password must be at least 8 characters long',
    'The request contains a NUL character, which no field accepts.',
  ]

  it.each(bodies)('%s answers 400 with the SPEC text', async (_label, body) => {
    const response = await call().set('Content-Type', 'application/json').send(JSON.stringify(body))
    expect(response.status).toBe(400)
    expect([message, ...fieldRules]).toContain(response.body.message)
  })

  it('an extra field answers 400 naming it', async () => {
    const response = await call()
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...valid, is_admin: true }))
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      message: 'Unknown field: is_admin.',
      fields: { is_admin: ['Unknown field.'] },
    })
  })

  it('a body that is not JSON answers 400 with the SPEC text', async () => {
    const response = await call().set('Content-Type', 'text/plain').send('email=a@example.com&password=x')
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  it('broken JSON answers 400', async () => {
    const response = await call().set('Content-Type', 'application/json').send('{"a": ')
    expect(response.status).toBe(400)
    expect(response.body.error).toBe('BAD_REQUEST')
  })
})
