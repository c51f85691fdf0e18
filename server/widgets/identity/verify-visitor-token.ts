import { createHmac } from 'node:crypto'
import { errors, jwtVerify } from 'jose'
import { z } from 'zod'
import { AppError } from '../../errors/app-error.ts'

/** What a site says about its signed-in user: its own id, and the e-mail and name it knows. */
export interface VisitorIdentity {
  externalId: string
  email: string | null
  name: string | null
  /** The token's exp: the session it opens ends then at the latest. */
  expiresAt: Date
}

const Claims = z.object({
  sub: z.string().trim().min(1).max(200),
  email: z.email().max(254).optional(),
  name: z.string().trim().max(150).optional(),
  exp: z.number(),
})

/** Tokens may not be valid for longer than this: a leaked one stops working soon. */
const LONGEST_LIFE_SECONDS = 7 * 86_400

const refused = (why: string) =>
  new AppError('UNAUTHORIZED', `The visitor token is not valid: ${why}`, { reason: 'visitor_token_invalid' })

/**
 * The identity in a site's visitor token: a JWT the site signs with its integration's identity secret
 * (HS256), holding `sub` (its user id), `exp` (at most 7 days ahead) and optionally `email` and `name`.
 * Anything else (unsigned, another algorithm, another secret, expired, without sub or exp) is refused,
 * never trusted in part.
 */
export async function verifyVisitorToken(secret: string, token: string): Promise<VisitorIdentity> {
  let payload: unknown
  try {
    ;({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] }))
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw refused('it has expired.')
    throw refused('its signature does not match this widget’s identity secret, or it is not a JWT signed with HS256.')
  }
  const claims = Claims.safeParse(payload)
  if (!claims.success)
    throw refused('it needs sub (the user id, at most 200 characters) and exp; email and name are optional.')
  if (claims.data.exp > Date.now() / 1000 + LONGEST_LIFE_SECONDS) throw refused('its exp is more than 7 days ahead.')
  return {
    externalId: claims.data.sub,
    email: claims.data.email?.toLowerCase() ?? null,
    name: claims.data.name || null,
    expiresAt: new Date(claims.data.exp * 1000),
  }
}

/** The same visitor id for one site user on every device, and a different one on another integration. */
export const identifiedVisitorId = (integrationId: string, externalId: string) =>
  `u_${createHmac('sha256', integrationId).update(externalId).digest('base64url').slice(0, 32)}`
