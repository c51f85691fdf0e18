import { parseCookie } from 'cookie'
import type { RequestHandler } from 'express'
import { AppError } from '../../errors/app-error.ts'
import { readBearerToken } from '../bearer-token.ts'
import { AUTHENTICATING_COOKIES, CSRF_COOKIE, CSRF_HEADER, isValidCsrfPair } from './csrf-tokens.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Double submit: an unsafe request that a cookie could authenticate must send the csrftoken cookie's
 * value in X-CSRFToken (decision 012).
 */
export function requireCsrfToken(csrfKey: Buffer): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    // A bearer token alone authenticates its request (authenticate() never falls back to a cookie), and
    // a forger cannot add one: no browser sends Authorization: Bearer by itself, and a page elsewhere
    // needs a CORS preflight that apiCors refuses. Cookies beside it, stray or not, change nothing.
    if (readBearerToken(req)) return next()
    const cookies = parseCookie(req.headers.cookie ?? '')
    const isCookieAuthenticated = AUTHENTICATING_COOKIES.some((name) => Boolean(cookies[name]))
    if (!isCookieAuthenticated) return next()
    if (isValidCsrfPair(csrfKey, cookies[CSRF_COOKIE], req.get(CSRF_HEADER))) return next()
    throw new AppError('FORBIDDEN', 'CSRF token missing or incorrect. Reload the page and try again.')
  }
}
