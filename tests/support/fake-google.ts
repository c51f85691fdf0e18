import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { sendJson, startLocalServer } from './local-http-server.ts'

export const FAKE_GOOGLE_CLIENT = {
  id: 'test-client.apps.googleusercontent.com',
  secret: 'test-client-secret',
  redirectUri: 'http://localhost:3000/auth',
}

export interface IdTokenOverrides {
  sub?: string
  email?: string
  email_verified?: boolean
  name?: string
  aud?: string
  iss?: string
  expiresInSeconds?: number
  signWithForeignKey?: boolean
  /** Leaves these claims out of the token. */
  without?: ('sub' | 'email')[]
}

/**
 * An OpenID provider speaking Google's wire format on 127.0.0.1: a token endpoint that trades codes
 * for ID tokens (each code is registered with the token it returns) and a JWKS endpoint with its key.
 */
export async function startFakeGoogle() {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const foreign = await generateKeyPair('RS256')
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: 'fake-key-1', alg: 'RS256', use: 'sig' }
  const codes = new Map<string, string>()
  const exchanges: URLSearchParams[] = []
  let isDown = false
  let areKeysDown = false
  const server = await startLocalServer((req, res, body) => {
    if (isDown) return sendJson(res, 503, { error: 'unavailable' })
    if (req.url === '/certs')
      return areKeysDown ? sendJson(res, 503, { error: 'unavailable' }) : sendJson(res, 200, { keys: [publicJwk] })
    if (req.url === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(body.toString())
      exchanges.push(form)
      const idToken = codes.get(form.get('code') ?? '')
      const isClient =
        form.get('client_id') === FAKE_GOOGLE_CLIENT.id && form.get('client_secret') === FAKE_GOOGLE_CLIENT.secret
      if (!idToken || !isClient || form.get('grant_type') !== 'authorization_code')
        return sendJson(res, 400, { error: 'invalid_grant' })
      codes.delete(form.get('code') ?? '') // a code works once
      return sendJson(res, 200, {
        access_token: 'ya29.fake',
        id_token: idToken,
        token_type: 'Bearer',
        expires_in: 3599,
      })
    }
    sendJson(res, 404, { error: 'not_found' })
  })
  const issuer = 'https://accounts.google.com'

  return {
    url: server.url,
    exchanges,
    config: {
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT.secret,
      GOOGLE_REDIRECT_URI: FAKE_GOOGLE_CLIENT.redirectUri,
      GOOGLE_TOKEN_URL: `${server.url}/token`,
      GOOGLE_JWKS_URL: `${server.url}/certs`,
    },
    setDown(down: boolean) {
      isDown = down
    },
    /** Only the key set fails: the code exchange works, the signature cannot be checked. */
    setKeysDown(down: boolean) {
      areKeysDown = down
    },
    /** Registers a one-time authorization code that yields an ID token with these claims. */
    async issueCode(overrides: IdTokenOverrides = {}) {
      const now = Math.floor(Date.now() / 1000)
      const expiresIn = overrides.expiresInSeconds ?? 3600
      const claims: Record<string, unknown> = {
        sub: overrides.sub ?? '1098765432101234567890',
        email: overrides.email ?? 'person@gmail.com',
        email_verified: overrides.email_verified ?? true,
        name: overrides.name ?? 'Gmail Person',
      }
      for (const claim of overrides.without ?? []) delete claims[claim]
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'fake-key-1', typ: 'JWT' })
        .setIssuer(overrides.iss ?? issuer)
        .setAudience(overrides.aud ?? FAKE_GOOGLE_CLIENT.id)
        .setIssuedAt(now - 10)
        .setExpirationTime(now + expiresIn)
        .sign(overrides.signWithForeignKey ? foreign.privateKey : privateKey)
      const code = `4/0A${Math.random().toString(36).slice(2)}`
      codes.set(code, token)
      return code
    },
    close: server.close,
  }
}
