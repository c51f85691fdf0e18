import type { RequestHandler } from 'express'
import { AppError } from '../errors/app-error.ts'
import { findJsonHazard, JSON_MAX_DEPTH } from '../../shared/json-limits.schemas.ts'

const NUL_REFUSED = 'The request contains a NUL character, which no field accepts.'
const TOO_DEEP_REFUSED = `The request nests more than ${JSON_MAX_DEPTH} levels deep, which no field accepts.`

/** Why a parsed body or query cannot be taken, or null when it can. */
export function refusalOf(value: unknown): string | null {
  const hazard = findJsonHazard(value)
  if (hazard === 'nul') return NUL_REFUSED
  if (hazard === 'too-deep') return TOO_DEEP_REFUSED
  return null
}

/**
 * PostgreSQL cannot store a NUL character in text: one reaching a query fails it (a 500). No field of
 * this API means NUL, and none nests deeper than a few levels (a value nested thousands deep overflows
 * the stack of whatever walks it next), so a body or query string carrying either is refused at the
 * edge with a 400. Multipart fields get the same check once parsed (receive-single-file.ts).
 */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  const refused = refusalOf(req.body) ?? refusalOf(req.query)
  if (refused) throw new AppError('BAD_REQUEST', refused)
  next()
}
