import type { ErrorRequestHandler } from 'express'
import { ZodError } from 'zod'
import { Prisma } from '../db/generated/prisma/client.ts'
import { isDatabaseUnavailable } from '../db/is-database-unavailable.ts'
import type { Actor } from '../accounts/actor.ts'
import { asSeenBy } from '../billing/plan-refusals.ts'
import { AppError } from '../errors/app-error.ts'
import { errorBody } from './error-body.ts'

interface BodyParserError extends Error {
  type?: string
  status?: number
  limit?: number
}

/** How long a client should wait before trying again while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5
export const DATABASE_UNAVAILABLE =
  'The service cannot reach its database right now. Please try again in a few seconds.'

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

/**
 * The one error handler: AppError, ZodError and body-parser failures become 4xx; a database out of reach
 * a 503 with Retry-After; the rest a logged 500.
 */
export const handleErrors: ErrorRequestHandler = (thrown: unknown, req, res, _next) => {
  const requestId = String(req.id)
  // A plan's refusal reads as the owner's plan to anyone else signed in (a team member).
  const error = asSeenBy(thrown, (res.locals.actor as Actor | undefined)?.userId)
  if (res.headersSent) {
    req.log.error({ err: error }, 'error after the response started')
    res.destroy()
    return
  }
  if (error instanceof AppError) {
    if (typeof error.extra?.retry_after === 'number') res.setHeader('Retry-After', String(error.extra.retry_after))
    res
      .status(error.status)
      .json(errorBody({ error: error.code, message: error.detail, requestId, extra: error.extra }))
    return
  }
  if (error instanceof ZodError) {
    // A field we do not know says the most (a misspelt name also reads as a missing one): it speaks first.
    const unknownFields = unknownFieldsOf(error)
    const message =
      unknownFields.length > 0
        ? unknownFieldsMessage(unknownFields)
        : (error.issues[0]?.message ?? 'Invalid data provided.')
    const fields = fieldErrors(error, unknownFields)
    res.status(400).json(errorBody({ error: 'VALIDATION_ERROR', message, requestId, extra: { fields } }))
    return
  }
  // Down, restarting or out of connections: not the request's fault, and worth trying again shortly.
  if (isDatabaseUnavailable(error)) {
    req.log.warn({ err: error }, 'database unavailable')
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
    res.status(503).json(
      errorBody({
        error: 'SERVICE_UNAVAILABLE',
        message: DATABASE_UNAVAILABLE,
        requestId,
        extra: {
          retry_after: DATABASE_RETRY_AFTER_SECONDS,
        },
      }),
    )
    return
  }
  // A safety net: domain code should check first, but a race (two requests creating the same row) lands here.
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
    res.status(409).json(errorBody({ error: 'CONFLICT', message: 'This already exists.', requestId }))
    return
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') {
    res.status(404).json(errorBody({ error: 'NOT_FOUND', message: 'Not found.', requestId }))
    return
  }
  const parserError = error as BodyParserError
  if (parserError?.type === 'entity.parse.failed') {
    res.status(400).json(errorBody({ error: 'BAD_REQUEST', message: 'The request body is not valid JSON.', requestId }))
    return
  }
  if (parserError?.type === 'entity.too.large') {
    const message = `The request body is too large (limit ${parserError.limit} bytes).`
    res.status(413).json(errorBody({ error: 'PAYLOAD_TOO_LARGE', message, requestId }))
    return
  }
  if (parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported') {
    res.status(415).json(
      errorBody({
        error: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The request body uses an unsupported encoding.',
        requestId,
      }),
    )
    return
  }
  // Other http-errors from Express's own middleware: a missing static file is a 404, the rest a 400,
  // so the status always matches the code in ERROR_STATUS.
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
    const isNotFound = parserError.status === 404
    res.status(isNotFound ? 404 : 400).json(
      errorBody({
        error: isNotFound ? 'NOT_FOUND' : 'BAD_REQUEST',
        message: isNotFound ? 'Not found.' : 'The request could not be processed.',
        requestId,
      }),
    )
    return
  }
  req.log.error({ err: error }, 'unexpected error')
  const message = `Something went wrong on our side. Please try again; if it keeps happening, quote request id ${requestId}.`
  res.status(500).json(errorBody({ error: 'INTERNAL', message, requestId }))
}
