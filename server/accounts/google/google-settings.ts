import { createRemoteJWKSet } from 'jose'
import type { GoogleAvailability } from '../accounts.schemas.ts'
import type { Config } from '../../config/config.schemas.ts'

export interface GoogleSettings {
  clientId: string
  clientSecret: string
  redirectUri: string
  authorizationUrl: string
  tokenUrl: string
  jwksUrl: string
  issuers: string[]
  /** Google's signing keys, fetched when first needed, cached, refetched when an unknown key id appears. */
  keySet: ReturnType<typeof createRemoteJWKSet>
}

const GOOGLE_SCOPES = ['openid', 'profile', 'email'] as const

/** Google sign-in settings, or null when the deployment has not configured it. */
export function readGoogleSettings(config: Config): GoogleSettings | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET || !config.GOOGLE_REDIRECT_URI) return null
  // Google signs with either spelling of its issuer.
  const issuers =
    config.GOOGLE_ISSUER === 'https://accounts.google.com'
      ? ['https://accounts.google.com', 'accounts.google.com']
      : [config.GOOGLE_ISSUER]
  return {
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri: config.GOOGLE_REDIRECT_URI,
    authorizationUrl: config.GOOGLE_AUTHORIZATION_URL,
    tokenUrl: config.GOOGLE_TOKEN_URL,
    jwksUrl: config.GOOGLE_JWKS_URL,
    issuers,
    keySet: createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL), { timeoutDuration: 5_000, cooldownDuration: 30_000 }),
  }
}

/** What the sign-in screen needs to send the browser to Google's consent page (it adds its own state). */
export function describeGoogleSignIn(settings: GoogleSettings | null): GoogleAvailability {
  if (!settings) return { enabled: false as const }
  const url = new URL(settings.authorizationUrl)
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    response_type: 'code',
    scope: GOOGLE_SCOPES.join(' '),
    access_type: 'offline',
    prompt: 'select_account',
  }).toString()
  return {
    enabled: true as const,
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    scopes: [...GOOGLE_SCOPES],
    authorization_url: url.toString(),
  }
}
