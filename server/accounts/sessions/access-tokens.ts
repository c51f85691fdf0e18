import { errors, jwtVerify, SignJWT } from 'jose'
import { AppError } from '../../errors/app-error.ts'
import type { SessionSettings } from './session-settings.ts'

const ISSUER = 'agentdesk'
const AUDIENCE = 'agentdesk-api'
const TOKEN_TYPE = 'at+jwt' // RFC 9068: an access token cannot be mistaken for another kind of JWT

export interface AccessTokenClaims {
  userId: string
  sessionId: string
}

export async function signAccessToken(settings: SessionSettings, claims: AccessTokenClaims) {
  const expiresAt = new Date(Date.now() + settings.accessTokenTtlSeconds * 1000)
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: TOKEN_TYPE })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(settings.accessTokenKey)
  return { token, expiresAt }
}

/** The claims of a valid access token; a 401 that says whether it expired (the client then refreshes). */
export async function verifyAccessToken(settings: SessionSettings, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, settings.accessTokenKey, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TOKEN_TYPE,
    })
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
      throw new AppError('UNAUTHORIZED', 'Invalid access token.', { reason: 'token_invalid' })
    return { userId: payload.sub, sessionId: payload.sid }
  } catch (error) {
    if (error instanceof AppError) throw error
    if (error instanceof errors.JWTExpired)
      throw new AppError('UNAUTHORIZED', 'Your access token has expired.', { reason: 'token_expired' })
    throw new AppError('UNAUTHORIZED', 'Invalid access token.', { reason: 'token_invalid' })
  }
}
