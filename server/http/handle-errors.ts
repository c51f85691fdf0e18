import type { ErrorRequestHandler } from 'express'
import type { Actor } from '../accounts/actor.ts'
import { errorAnswerOf } from './error-answer.ts'

/**
 * The one error handler: answers the envelope errorAnswerOf builds (a 4xx for what the caller can mend, a
 * 503 with Retry-After while the database is out of reach, a logged 500 for the rest).
 */
export const handleErrors: ErrorRequestHandler = (thrown: unknown, req, res, _next) => {
  if (res.headersSent) {
    req.log.error({ err: thrown }, 'error after the response started')
    res.destroy()
    return
  }
  const answer = errorAnswerOf(thrown, { req, actorId: (res.locals.actor as Actor | undefined)?.userId })
  if (answer.retryAfter !== undefined) res.setHeader('Retry-After', String(answer.retryAfter))
  res.status(answer.status).json(answer.body)
}
