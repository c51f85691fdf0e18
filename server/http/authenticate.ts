import type { RequestHandler, Response } from 'express'
import type { Actor } from '../accounts/actor.ts'
import { resolveActor } from '../accounts/sessions/resolve-actor.ts'
import type { SessionSettings } from '../accounts/sessions/session-settings.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'

declare module 'express-serve-static-core' {
  interface Locals {
    actor?: Actor
  }
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i // the scheme is case-insensitive (RFC 9110)

/** The one authentication middleware: a valid bearer access token of an open session, or 401. */
export function authenticate(database: Database, settings: SessionSettings): RequestHandler {
  return async (req, res, next) => {
    const token = BEARER.exec(req.get('authorization') ?? '')?.[1]
    if (!token) throw new AppError('UNAUTHORIZED', 'Authentication credentials were not provided.', { reason: 'missing_token' })
    res.locals.actor = await resolveActor(database, settings, token)
    next()
  }
}

/** The signed-in actor of a route behind `authenticate`. */
export function actorOf(res: Response): Actor {
  const { actor } = res.locals
  if (!actor) throw new Error('actorOf() used on a route without authenticate()')
  return actor
}
