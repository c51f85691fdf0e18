import type { TestApp } from './create-test-app.ts'

export const GOOD_PASSWORD = 'Correct-Horse-9'

export interface SignedUp {
  email: string
  password: string
  access: string
  refresh: string
  userId: string
}

let counter = 0

/** Registers a new account through the API and returns its credentials and tokens. */
export async function signUp(
  testApp: TestApp,
  overrides: { email?: string; password?: string; full_name?: string } = {},
): Promise<SignedUp> {
  counter += 1
  const email = overrides.email ?? `user${counter}-${Date.now()}@example.com`
  const password = overrides.password ?? GOOD_PASSWORD
  const response = await testApp.request
    .post('/api/accounts/register/')
    .send({ email, password, full_name: overrides.full_name ?? 'Test User' })
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`)
  return {
    email,
    password,
    access: response.body.tokens.access,
    refresh: response.body.tokens.refresh,
    userId: response.body.user.id,
  }
}

export async function logIn(testApp: TestApp, email: string, password: string) {
  return testApp.request.post('/api/accounts/login/').send({ email, password })
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/**
 * Registers an account whose address counts as proven, as after following the mailed link (that flow is
 * tested in email-check.test.ts): adding it to a team makes it a member at once.
 */
export async function signUpProven(
  testApp: TestApp,
  overrides: { email?: string; password?: string; full_name?: string } = {},
): Promise<SignedUp> {
  const account = await signUp(testApp, overrides)
  await testApp.database.prisma.user.update({ where: { id: account.userId }, data: { emailVerifiedAt: new Date() } })
  return account
}
