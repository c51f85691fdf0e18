import { AppError } from '../../errors/app-error.ts'
import { PermanentJobError } from '../../jobs/job-handler.ts'
import { ShopifyAdminError } from '../admin-api/shopify-admin-client.ts'

// Failures no retry fixes: the shop or agent is gone, the token or scopes are refused, the query is invalid.
const PERMANENT_STATUSES = new Set([401, 402, 403, 404, 423])
const PERMANENT_CODES = new Set(['ACCESS_DENIED', 'INVALID', 'NOT_FOUND'])

/** The error as the worker should see it: permanent ones fail the job at once, the rest are retried. */
export function asJobError(error: unknown): unknown {
  if (error instanceof AppError && error.code === 'NOT_FOUND') return new PermanentJobError(error.detail)
  if (
    error instanceof ShopifyAdminError &&
    ((error.status && PERMANENT_STATUSES.has(error.status)) || error.codes.some((code) => PERMANENT_CODES.has(code)))
  ) {
    return new PermanentJobError(error.message)
  }
  return error
}
