import { createHash, randomBytes } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import { AppError } from '../../errors/app-error.ts'

const ISSUER = 'agentdesk'
const AUDIENCE = 'agentdesk-widget'
const TOKEN_TYPE = 'widget+jwt' // never accepted where a user's access token is expected, nor the reverse

export interface WidgetTokenClaims {
  sessionId: string
  integrationId: string
  visitorId: string
  origin: string
}

export async function signWidgetToken(key: Buffer, claims: WidgetTokenClaims, ttlSeconds: number) {
  const token = await new SignJWT({ iid: claims.integrationId, vid: claims.visitorId, origin: claims.origin })
    .setProtectedHeader({ alg: 'HS256', typ: TOKEN_TYPE })
    .setSubject(claims.sessionId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key)
  return token
}

/** The claims of a valid widget token; otherwise a 401 saying whether it expired (the widget refreshes). */
export async function verifyWidgetToken(key: Buffer, token: string): Promise<WidgetTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TOKEN_TYPE,
    })
    const { sub, iid, vid, origin } = payload
    if (typeof sub !== 'string' || typeof iid !== 'string' || typeof vid !== 'string' || typeof origin !== 'string')
      throw new Error('incomplete claims')
    return { sessionId: sub, integrationId: iid, visitorId: vid, origin }
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      throw new AppError('UNAUTHORIZED', 'The chat session token has expired.', { reason: 'token_expired' })
    throw new AppError('UNAUTHORIZED', 'Invalid chat session token.', { reason: 'token_invalid' })
  }
}

/** An opaque refresh token and the hash stored in its place. */
export function newRefreshToken() {
  const token = `wr_${randomBytes(32).toString('base64url')}`
  return { token, hash: hashRefreshToken(token) }
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex')
