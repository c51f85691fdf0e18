import { AppError } from '../errors/app-error.ts'

/** The one 429 of the rate limits: whole seconds to wait, in the message, `retry_after` and Retry-After. */
export function tooMany(msBeforeNext: number, what = 'attempts'): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000))
  return new AppError('RATE_LIMITED', `Too many ${what}. Please try again in ${seconds} seconds.`, {
    retry_after: seconds,
  })
}
