import { parseCookie } from 'cookie'
import type { RequestHandler } from 'express'
import { AppError } from '../../errors/app-error.ts'
import { AUTHENTICATING_COOKIES, CSRF_COOKIE, CSRF_HEADER, isValidCsrfPair } from './csrf-tokens.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Double submit: a cookie-authenticated unsafe request must send the csrftoken cookie's value in X-CSRFToken. */
export function requireCsrfToken(csrfKey: Buffer): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const cookies = parseCookie(req.headers.cookie ?? '')
    const isCookieAuthenticated = AUTHENTICATING_COOKIES.some((name) => Boolean(cookies[name]))
    if (!isCookieAuthenticated) return next()
    if (isValidCsrfPair(csrfKey, cookies[CSRF_COOKIE], req.get(CSRF_HEADER))) return next()
    throw new AppError('FORBIDDEN', 'CSRF token missing or incorrect. Reload the page and try again.')
  }
}
