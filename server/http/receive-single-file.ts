import type { RequestHandler } from 'express'
import multer from 'multer'
import { AppError } from '../errors/app-error.ts'
import { refusalOf } from './refuse-nul-characters.ts'

/** Marks the middleware with its file field, so whoever lists the routes (tests/support/list-routes.ts) sees which take a file. */
export const FILE_FIELD = Symbol('receiveSingleFile field')

export type SingleFileReceiver = RequestHandler & { readonly [FILE_FIELD]: string }

export interface SingleFileRules {
  field: string
  /** Files of this many bytes or more are refused. */
  maxBytes: number
  tooLargeMessage: string
  /** Machine-readable details for the client, e.g. { max_size_mb: 50 }. */
  tooLargeExtra?: Record<string, unknown>
  invalidMessage: string
}

/**
 * Parses a multipart body with one file (kept in memory, within the limit) into req.file, and refuses
 * text fields carrying a NUL character, as every JSON body is.
 */
export function receiveSingleFile(rules: SingleFileRules): SingleFileReceiver {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: rules.maxBytes - 1, files: 1, fields: 20, fieldSize: 100_000, parts: 22, headerPairs: 100 },
  }).single(rules.field)
  const receive: RequestHandler = (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
        return next(new AppError('PAYLOAD_TOO_LARGE', rules.tooLargeMessage, rules.tooLargeExtra))
      // Wrong field name, too many parts, a malformed or truncated body: the client sent something else.
      if (error) return next(new AppError('BAD_REQUEST', rules.invalidMessage))
      // The form's text fields pass the same check as a JSON body, which ran before they were parsed.
      const refused = refusalOf(req.body)
      next(refused ? new AppError('BAD_REQUEST', refused) : undefined)
    })
  }
  return Object.assign(receive, { [FILE_FIELD]: rules.field })
}
