import { z } from 'zod'
import { AppError } from '../../errors/app-error.ts'
import type { GoogleSettings } from './google-settings.ts'

const TokenResponseSchema = z.object({ id_token: z.string().min(1) })
const REQUEST_TIMEOUT_MS = 10_000

/** The ID token Google returns for an authorization code (the code travels back from the consent page). */
export async function exchangeGoogleCode(
  settings: GoogleSettings,
  code: string,
  codeVerifier?: string,
): Promise<string> {
  let response: Response
  try {
    response = await fetch(settings.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uri: settings.redirectUri,
        ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch {
    throw new AppError('UPSTREAM_FAILED', 'Google login failed: Google could not be reached. Please try again.')
  }
  if (response.status >= 500)
    throw new AppError('UPSTREAM_FAILED', 'Google login failed: Google could not be reached. Please try again.')
  const body: unknown = await response.json().catch(() => null)
  const parsed = TokenResponseSchema.safeParse(body)
  if (!response.ok || !parsed.success) {
    throw new AppError(
      'UNAUTHORIZED',
      'Google login failed: the sign-in code was not accepted. Please sign in with Google again.',
      { reason: 'google_code_rejected' },
    )
  }
  return parsed.data.id_token
}
