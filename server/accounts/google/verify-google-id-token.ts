import { errors, jwtVerify } from 'jose'
import { AppError } from '../../errors/app-error.ts'
import type { GoogleSettings } from './google-settings.ts'

export interface GoogleIdentity {
  subject: string
  email: string
  /** A display name safe to store: single-line, at most 150 characters, never empty. */
  name: string
}

function displayName(claim: unknown, email: string) {
  const cleaned =
    typeof claim === 'string'
      ? claim
          .replace(/\p{Cc}/gu, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 150)
      : ''
  return cleaned || email.split('@')[0] || email
}

const notVerified = () =>
  new AppError('UNAUTHORIZED', 'Google login failed: the Google identity could not be verified.', {
    reason: 'google_token_invalid',
  })

/** Checks the ID token's signature (Google's published keys), issuer, audience (our client id) and expiry. */
export async function verifyGoogleIdToken(settings: GoogleSettings, idToken: string): Promise<GoogleIdentity> {
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await jwtVerify(idToken, settings.keySet, {
      issuer: settings.issuers,
      audience: settings.clientId,
      algorithms: ['RS256'],
      clockTolerance: 30,
    }))
  } catch (error) {
    // Google's keys could not be fetched: that is Google being unreachable, not a bad token.
    const isKeySetUnavailable =
      error instanceof errors.JWKSTimeout ||
      error instanceof errors.JWKSInvalid ||
      error instanceof TypeError || // fetch could not connect
      (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC' && /JSON Web Key Set/.test(error.message))
    if (isKeySetUnavailable) {
      throw new AppError('UPSTREAM_FAILED', 'Google login failed: Google could not be reached. Please try again.')
    }
    throw notVerified()
  }
  if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw notVerified()
  if (payload.email_verified !== true && payload.email_verified !== 'true') {
    throw new AppError('FORBIDDEN', 'Google login failed: your Google e-mail address is not verified.')
  }
  const email = payload.email.trim().toLowerCase()
  if (/\p{Cc}/u.test(email) || email.length > 254) throw notVerified()
  return { subject: payload.sub, email, name: displayName(payload.name, email) }
}
