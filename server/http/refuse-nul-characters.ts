import type { RequestHandler } from 'express'
import { AppError } from '../errors/app-error.ts'

const MAX_DEPTH = 32

// Deeper than any field of this API nests counts as suspect too: refused rather than left unchecked.
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (value === null || typeof value !== 'object') return false
  if (depth > MAX_DEPTH) return true
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1))
}

/**
 * PostgreSQL cannot store a NUL character in text: one reaching a query fails it (a 500). No field of
 * this API means NUL, so a body or query string carrying one is refused at the edge with a 400.
 */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  if (containsNul(req.body) || containsNul(req.query)) throw new AppError('BAD_REQUEST', 'The request contains a NUL character (or nests too deeply), which no field accepts.')
  next()
}
