import { z } from 'zod'
import { AppError } from '../errors/app-error.ts'

const UuidSchema = z.uuid()

/**
 * A route's id parameter, or a 404 when it cannot be an id. Ids are UUIDs: a malformed one names nothing,
 * and answering 404 (not 400) keeps ids from being probed.
 */
export function parseIdParam(value: unknown, notFoundMessage: string): string {
  const parsed = UuidSchema.safeParse(value)
  if (!parsed.success) throw new AppError('NOT_FOUND', notFoundMessage)
  return parsed.data
}
