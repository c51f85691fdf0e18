import { createRemoteJWKSet, jwtVerify } from 'jose'
import { AppError } from '../../errors/app-error.ts'
import type { GoogleSettings } from './google-settings.ts'

export interface GoogleIdentity {
  subject: string
  email: string
  name: string | undefined
}

// One key set per JWKS URL: jose caches the keys and refetches when an unknown key id appears.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()
function keySetFor(url: string) {
  let keySet = keySets.get(url)
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000 })
    keySets.set(url, keySet)
  }
  return keySet
}

const notVerified = () => new AppError('UNAUTHORIZED', 'Google login failed: the Google identity could not be verified.', { reason: 'google_token_invalid' })

/** Checks the ID token's signature (Google's published keys), issuer, audience (our client id) and expiry. */
export async function verifyGoogleIdToken(settings: GoogleSettings, idToken: string): Promise<GoogleIdentity> {
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await jwtVerify(idToken, keySetFor(settings.jwksUrl), {
      issuer: settings.issuers,
      audience: settings.clientId,
      algorithms: ['RS256'],
      clockTolerance: 30,
    }))
  } catch {
    throw notVerified()
  }
  if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw notVerified()
  if (payload.email_verified !== true && payload.email_verified !== 'true') {
    throw new AppError('FORBIDDEN', 'Google login failed: your Google e-mail address is not verified.')
  }
  return { subject: payload.sub, email: payload.email.trim().toLowerCase(), name: typeof payload.name === 'string' ? payload.name : undefined }
}
