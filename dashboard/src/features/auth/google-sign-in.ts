// Google sign-in from the browser (SPEC section 7): the server says where Google's consent page is; the
// browser adds a state (against forged returns) and a PKCE challenge, and keeps both for the return to /auth.
import type { ApiClient } from '../../api/api-client.ts'
import { sessionRoutes } from '../../api/routes/session-routes.ts'

const STATE_KEY = 'google_oauth_state'
const VERIFIER_KEY = 'google_oauth_verifier'

function randomText(bytes: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)))
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

async function challengeOf(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))))
}

/** Sends the browser to Google's consent page. */
export async function startGoogleSignIn(authorizationUrl: string): Promise<void> {
  const state = randomText(24)
  const verifier = randomText(48)
  sessionStorage.setItem(STATE_KEY, state)
  sessionStorage.setItem(VERIFIER_KEY, verifier)
  const url = new URL(authorizationUrl)
  url.searchParams.set('state', state)
  url.searchParams.set('code_challenge', await challengeOf(verifier))
  url.searchParams.set('code_challenge_method', 'S256')
  window.location.assign(url.toString())
}

/** Finishes a return from Google: the code is exchanged only when the state is the one this tab sent. */
export async function finishGoogleSignIn(client: ApiClient, code: string, state: string | null) {
  const expected = sessionStorage.getItem(STATE_KEY)
  const verifier = sessionStorage.getItem(VERIFIER_KEY)
  sessionStorage.removeItem(STATE_KEY)
  sessionStorage.removeItem(VERIFIER_KEY)
  if (!expected || expected !== state || !verifier) throw new Error('Google login failed')
  return client.call(sessionRoutes.googleSignIn, { body: { code, code_verifier: verifier } })
}
