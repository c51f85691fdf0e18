// SPEC section 8, generic request handling: the error every call reports, with its toast title.

import type { PlanRefusal } from '#server/billing/billing.schemas.ts'
import type { z } from 'zod'

export type ApiErrorCode =
  | 'NETWORK_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'SERVICE_UNAVAILABLE'
  | 'HTTP_ERROR'
  | 'TIMEOUT'
  | 'UNEXPECTED_ANSWER'
  | 'UNKNOWN_ERROR'

const BY_STATUS: Record<number, { code: ApiErrorCode; title: string }> = {
  401: { code: 'UNAUTHORIZED', title: 'Authentication Required' },
  403: { code: 'FORBIDDEN', title: 'Access Denied' },
  404: { code: 'NOT_FOUND', title: 'Content Not Found' },
  429: { code: 'RATE_LIMITED', title: 'Rate Limit Exceeded' },
  500: { code: 'SERVER_ERROR', title: 'Server Issue' },
  503: { code: 'SERVICE_UNAVAILABLE', title: 'Service Temporarily Down' },
}

/** How long an error toast stays (SPEC section 8). */
export const ERROR_TOAST_MS = 6_000

export class ApiError extends Error {
  readonly status: number
  readonly code: ApiErrorCode
  readonly title: string
  /** The server's JSON body, when there was one (field errors, retry hints). */
  readonly body: Record<string, unknown> | null

  constructor(
    status: number,
    code: ApiErrorCode,
    title: string,
    message: string,
    body: Record<string, unknown> | null = null,
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.title = title
    this.body = body
  }
}

/** The error for an HTTP answer: the server's message or detail, else "Request failed with status {code}". */
export function errorForStatus(status: number, body: Record<string, unknown> | null): ApiError {
  const known = BY_STATUS[status] ?? { code: 'HTTP_ERROR' as const, title: 'Unexpected Error' }
  const said = typeof body?.message === 'string' ? body.message : typeof body?.detail === 'string' ? body.detail : null
  return new ApiError(status, known.code, known.title, said ?? `Request failed with status ${status}`, body)
}

/** SPEC plan refusals (docs/api/billing.md): a limit reached, or no live trial or subscription. */
export type { PlanRefusal }

export const UPGRADE_URL = '/app/payment'

/** The refusal a 402 (or a chat stream's error event) carries, or null for any other failure. */
export function planRefusalOf(error: unknown): PlanRefusal | null {
  if (!(error instanceof ApiError) || !error.body) return null
  const code = error.body.error
  if (code !== 'PLAN_LIMIT_REACHED' && code !== 'SUBSCRIPTION_INACTIVE') return null
  const given = error.body.upgrade_url
  const upgradeUrl = given === null ? null : typeof given === 'string' && /^\/(?!\/)/.test(given) ? given : UPGRADE_URL
  return { ...(error.body as Partial<PlanRefusal>), error: code, message: error.message, upgrade_url: upgradeUrl }
}

export const networkError = () =>
  new ApiError(
    0,
    'NETWORK_ERROR',
    'Network connection failed...',
    'Network error - unable to connect to server. Please check your connection.',
  )
export const timeoutError = (ms: number) =>
  new ApiError(0, 'TIMEOUT', 'Timeout Error', `Request timed out after ${ms}ms`)
export const notJsonError = (status: number) =>
  new ApiError(
    status,
    status >= 500 ? 'SERVER_ERROR' : 'HTTP_ERROR',
    'Request Failed',
    'Server error: Please check if the backend is running',
  )
export const authenticationFailed = () =>
  new ApiError(401, 'UNAUTHORIZED', 'Authentication Error', 'Authentication failed - please log in again')
/**
 * An answer that does not fit its route's schema (a server and a dashboard of different versions, or a
 * bug): a clear failure at the call, naming the route and the first field that differs.
 */
export function unexpectedAnswer(route: string, error: z.ZodError): ApiError {
  const [issue] = error.issues
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
  return new ApiError(
    200,
    'UNEXPECTED_ANSWER',
    'Unexpected Answer',
    `The answer to ${route} is not what this dashboard expects (${where}${issue?.message ?? 'invalid'}). Please reload the page.`,
  )
}

const DEMO_MODE = 'Demo Mode'

/** The refusal of a change in demo mode (nothing is saved there): told as information, not as a failure. */
export function demoModeRefusal(message: string) {
  return new ApiError(503, 'SERVICE_UNAVAILABLE', DEMO_MODE, message)
}

export const isDemoModeRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.title === DEMO_MODE
