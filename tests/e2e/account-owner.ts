// What the Settings (teams) and User profile browser tests share: Olivia, the account owner, signed up
// over the API and signed in on a page of her own, and the API as those tests call it, on the spawned
// server. The functions read the dashboard when called, so a test file makes them before its set-up runs.
import { DESKTOP, signedInContext as signedInContextAt } from '../support/dashboard-browser.ts'
import type { SpawnedDashboard } from '../support/spawned-dashboard.ts'

export const OWNER = { email: 'olivia@owner.example', password: 'Owner-Pass-9', full_name: 'Olivia Owner' }

export type Account = typeof OWNER
export type Tokens = { access: string; refresh: string }

export function accountsOn(dashboard: () => SpawnedDashboard) {
  /** JSON both ways, signed in when given a token; the status is answered, never thrown. */
  async function api<T = Record<string, unknown>>(
    path: string,
    token: string | null,
    body?: unknown,
    method?: string,
  ): Promise<{ status: number; json: T }> {
    const response = await fetch(`${dashboard().server.baseUrl}/api${path}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, json: (await response.json()) as T }
  }

  async function register(account: Account): Promise<Tokens> {
    const { status, json } = await api<{ tokens: Tokens }>('/accounts/register/', null, account)
    if (status !== 201) throw new Error(`sign-up failed: ${status} ${JSON.stringify(json)}`)
    return json.tokens
  }

  /** A sign-in of its own (a separate session), so no two browsers share one refresh token. */
  async function signIn(email: string, password: string): Promise<Tokens> {
    const { status, json } = await api<{ tokens: Tokens }>('/accounts/login/', null, { email, password })
    if (status !== 200) throw new Error(`sign-in failed: ${status} ${JSON.stringify(json)}`)
    return json.tokens
  }

  /** A fresh browser context already signed in: the tokens are in local storage before the first page loads. */
  const signedInContext = (tokens: Tokens, viewport = DESKTOP) =>
    signedInContextAt(dashboard().browser, dashboard().server.baseUrl, tokens, viewport)

  /** The owner signed up with these agents, and a page signed in as her. */
  async function signUpOwner(agents: string[] = []) {
    const owner = await register(OWNER)
    for (const name of agents) {
      const created = await api('/agents/create/', owner.access, { name })
      if (created.status !== 201) throw new Error(`agent not created: ${JSON.stringify(created.json)}`)
    }
    const ownerPage = await (await signedInContext(owner)).newPage()
    return { owner, ownerPage }
  }

  return { api, register, signIn, signedInContext, signUpOwner }
}
