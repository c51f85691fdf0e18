import type { ErrorCode } from '../errors/app-error.ts'

/**
 * The JSON every failing /api call answers. The spec's clients show `message` or `detail`;
 * both carry the same sentence. `error` is the stable code, `request_id` ties a report to the log.
 */
export interface ErrorBody {
  error: ErrorCode | 'VALIDATION_ERROR'
  message: string
  detail: string
  request_id: string
  fields?: Record<string, string[]>
  [extra: string]: unknown
}

export interface ErrorBodyOptions {
  error: ErrorBody['error']
  message: string
  requestId: string
  extra?: Record<string, unknown>
}

export function errorBody({ error, message, requestId, extra = {} }: ErrorBodyOptions): ErrorBody {
  return { ...extra, error, message, detail: message, request_id: requestId }
}
