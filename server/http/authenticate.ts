import type { Request, RequestHandler, Response } from 'express'
import type { Actor } from '../accounts/actor.ts'
import { API_KEY_MESSAGES } from '../accounts/api-keys/api-keys.schemas.ts'
import { looksLikeApiKey } from '../accounts/api-keys/hash-api-key.ts'
import { resolveApiKeyActor } from '../accounts/api-keys/resolve-api-key-actor.ts'
import { resolveActor } from '../accounts/sessions/resolve-actor.ts'
import type { SessionSettings } from '../accounts/sessions/session-settings.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import { takesApiKey } from './api-key-reach.ts'
import { readBearerToken } from './bearer-token.ts'
import { resolveShopAdminActor } from '../shopify/admin/resolve-shop-admin-actor.ts'
import { looksLikeAdminSessionToken, type AdminSessionTokenKeys } from '../shopify/admin/verify-admin-session-token.ts'

declare module 'express-serve-static-core' {
  interface Locals {
    actor?: Actor
  }
}

/** Account API keys: each key's calls are counted against its own limit. */
interface ApiKeyAcceptance {
  limit(keyId: string): Promise<void>
}

/**
 * The one authentication middleware: a valid bearer access token of an open session, or 401 (never a
 * cookie instead, which is what lets the CSRF check pass over bearer requests). Given the
 * Shopify app's keys, a Shopify admin session token is taken as well, for the shop's account (the
 * embedded app's screens call the same API); routes that change the sign-in itself do not pass them.
 * Given `apiKeys`, an account API key is taken too, on the calls API_KEY_REACH opens to keys (read from
 * the route's own pattern, so the table alone decides); elsewhere a key is refused with 403, saying where
 * it works.
 */
export interface AuthenticateOptions {
  settings: SessionSettings
  /** The Shopify app's keys: an admin session token is taken too, for the shop's account. */
  shopifyAdmin?: AdminSessionTokenKeys | null
  /** An account API key is taken too, within its own rate limit. */
  apiKeys?: ApiKeyAcceptance
}

export function authenticate(
  database: Database,
  { settings, shopifyAdmin, apiKeys }: AuthenticateOptions,
): RequestHandler {
  return async (req, res, next) => {
    const token = readBearerToken(req)
    if (!token)
      throw new AppError('UNAUTHORIZED', 'Authentication credentials were not provided.', { reason: 'missing_token' })
    if (looksLikeApiKey(token)) {
      if (!apiKeys || !takesApiKey(routePatternOf(req)))
        throw new AppError('FORBIDDEN', API_KEY_MESSAGES.notHere, { reason: 'api_key_not_accepted' })
      const actor = await resolveApiKeyActor(database, token)
      await apiKeys.limit(actor.keyId)
      res.locals.actor = actor
      return next()
    }
    res.locals.actor =
      shopifyAdmin && looksLikeAdminSessionToken(token)
        ? await resolveShopAdminActor(database, shopifyAdmin, token)
        : await resolveActor(database, settings, token)
    next()
  }
}

/** The pattern of the route a request matched, under its mount path (`/api/agents/:agentId/`); '' outside a route. */
function routePatternOf(req: Request): string {
  const path: unknown = req.route?.path
  return typeof path === 'string' ? `${req.baseUrl}${path}` : ''
}

/** The signed-in actor of a route behind `authenticate`. */
export function actorOf(res: Response): Actor {
  const { actor } = res.locals
  if (!actor) throw new Error('actorOf() used on a route without authenticate()')
  return actor
}
