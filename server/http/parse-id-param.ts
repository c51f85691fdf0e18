import { IdSchema } from '../../shared/ids.schemas.ts'
import { AppError } from '../errors/app-error.ts'

/**
 * A route's id parameter, or a 404 when it cannot be an id (shared/ids.schemas.ts): a malformed one
 * names nothing, never reaches a query, and answering 404 (not 400) keeps ids from being probed.
 */
export function parseIdParam(value: unknown, notFoundMessage: string): string {
  const parsed = IdSchema.safeParse(value)
  if (!parsed.success) throw new AppError('NOT_FOUND', notFoundMessage)
  return parsed.data
}
