import type { Request } from 'express'
import { ZodError } from 'zod'
import { Prisma } from '../db/generated/prisma/client.ts'
import { isDatabaseUnavailable } from '../db/is-database-unavailable.ts'
import { asSeenBy } from '../billing/plan-refusals.ts'
import { AppError } from '../errors/app-error.ts'
import { errorBody, type ErrorBody } from './error-body.ts'

/** How long a client should wait before trying again while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5
export const DATABASE_UNAVAILABLE =
  'The service cannot reach its database right now. Please try again in a few seconds.'

interface BodyParserError extends Error {
  type?: string
  status?: number
  limit?: number
}

// A body may name thousands of fields: the message names a few, `fields` at most a hundred, each cut short.
const UNKNOWN_FIELDS_IN_MESSAGE = 5
const UNKNOWN_FIELDS_LISTED = 100
const FIELD_NAME_LENGTH = 100

/** The fields a strict body does not know, by their path ('settings.colour'). */
function unknownFieldsOf(error: ZodError): string[] {
  return error.issues
    .flatMap((issue) =>
      issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key].join('.')) : [],
    )
    .slice(0, UNKNOWN_FIELDS_LISTED)
    .map((name) => name.slice(0, FIELD_NAME_LENGTH))
}

/** The sentence for a body with fields we do not take, naming them (docs/api: bodies are strict). */
function unknownFieldsMessage(names: string[]): string {
  if (names.length === 1) return `Unknown field: ${names[0]}.`
  const named = names.slice(0, UNKNOWN_FIELDS_IN_MESSAGE).join(', ')
  return `Unknown fields: ${named}${names.length > UNKNOWN_FIELDS_IN_MESSAGE ? ', …' : ''}.`
}

function fieldErrors(error: ZodError, unknownFields: string[]): Record<string, string[]> {
  // No prototype: a field named constructor or __proto__ is a key like any other, never Object's own.
  const fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') continue
    const key = issue.path.length > 0 ? issue.path.join('.') : '_'
    ;(fields[key] ??= []).push(issue.message)
  }
  for (const name of unknownFields) (fields[name] ??= []).push('Unknown field.')
  return fields
}

/** What a failed call answers: its status, the envelope, and when to try again (the Retry-After header). */
export interface ErrorAnswer {
  status: number
  body: ErrorBody
  retryAfter?: number
}

export interface ErrorAnswerOptions {
  req: Request
  /** The signed-in user, if any: a plan's refusal reads as the owner's plan to anyone else (a team member). */
  actorId: string | undefined
  /** The sentence of an unexpected error; by default one asking to quote the request id. */
  internalMessage?: string
}

/**
 * The one error envelope: AppError, ZodError and body-parser failures become 4xx; a database out of reach
 * a 503 with retry_after; the rest a logged 500. handleErrors sends it as the response, a chat stream as
 * its `error` event (respondToChat).
 */
export function errorAnswerOf(thrown: unknown, { req, actorId, internalMessage }: ErrorAnswerOptions): ErrorAnswer {
  const requestId = String(req.id)
  const error = asSeenBy(thrown, actorId)
  if (error instanceof AppError) {
    const body = errorBody({ error: error.code, message: error.detail, requestId, extra: error.extra })
    const retryAfter = error.extra?.retry_after
    return { status: error.status, body, ...(typeof retryAfter === 'number' ? { retryAfter } : {}) }
  }
  if (error instanceof ZodError) {
    // A field we do not know says the most (a misspelt name also reads as a missing one): it speaks first.
    const unknownFields = unknownFieldsOf(error)
    const message =
      unknownFields.length > 0
        ? unknownFieldsMessage(unknownFields)
        : (error.issues[0]?.message ?? 'Invalid data provided.')
    const fields = fieldErrors(error, unknownFields)
    return { status: 400, body: errorBody({ error: 'VALIDATION_ERROR', message, requestId, extra: { fields } }) }
  }
  // Down, restarting or out of connections: not the request's fault, and worth trying again shortly.
  if (isDatabaseUnavailable(error)) {
    req.log.warn({ err: error }, 'database unavailable')
    const extra = { retry_after: DATABASE_RETRY_AFTER_SECONDS }
    const body = errorBody({ error: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE, requestId, extra })
    return { status: 503, body, retryAfter: DATABASE_RETRY_AFTER_SECONDS }
  }
  const answer = (status: number, code: ErrorBody['error'], message: string): ErrorAnswer => ({
    status,
    body: errorBody({ error: code, message, requestId }),
  })
  // A safety net: domain code should check first, but a race (two requests creating the same row) lands here.
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
    return answer(409, 'CONFLICT', 'This already exists.')
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025')
    return answer(404, 'NOT_FOUND', 'Not found.')
  const parserError = error as BodyParserError
  if (parserError?.type === 'entity.parse.failed')
    return answer(400, 'BAD_REQUEST', 'The request body is not valid JSON.')
  if (parserError?.type === 'entity.too.large')
    return answer(413, 'PAYLOAD_TOO_LARGE', `The request body is too large (limit ${parserError.limit} bytes).`)
  if (parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported')
    return answer(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body uses an unsupported encoding.')
  // Other http-errors from Express's own middleware: a missing static file is a 404, the rest a 400,
  // so the status always matches the code in ERROR_STATUS.
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500)
    return parserError.status === 404
      ? answer(404, 'NOT_FOUND', 'Not found.')
      : answer(400, 'BAD_REQUEST', 'The request could not be processed.')
  req.log.error({ err: error }, 'unexpected error')
  return answer(
    500,
    'INTERNAL',
    internalMessage ??
      `Something went wrong on our side. Please try again; if it keeps happening, quote request id ${requestId}.`,
  )
}
