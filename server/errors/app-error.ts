// The closed set of failures domain code may report. Add a code only with its status in ERROR_STATUS.
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  // The account's plan refuses: a limit reached (creation or usage), or no live trial or subscription.
  PLAN_LIMIT_REACHED: 402,
  SUBSCRIPTION_INACTIVE: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

/** A failure the client should see: `detail` is shown to the user as is, so write it for them. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly detail: string
  /** Machine-readable extras the client may use (e.g. { allowed_formats: [...] }). */
  readonly extra: Record<string, unknown> | undefined

  constructor(code: ErrorCode, detail: string, extra?: Record<string, unknown>) {
    super(detail)
    this.name = 'AppError'
    this.code = code
    this.detail = detail
    this.extra = extra
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}
