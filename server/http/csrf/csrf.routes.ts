import { stringifySetCookie } from 'cookie'
import { Router } from 'express'
import { CSRF_COOKIE, issueCsrfToken } from './csrf-tokens.ts'
import { sendsSecret } from '../sends-secret.ts'

const CSRF_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7

export function csrfRoutes(csrfKey: Buffer, { isHttps }: { isHttps: boolean }): Router {
  const router = Router()
  // The token travels in the body (the client copies it into X-CSRFToken) and in an HttpOnly cookie.
  router.get('/accounts/csrf/', sendsSecret, (req, res) => {
    const token = issueCsrfToken(csrfKey)
    res.setHeader('X-CSRFToken', token)
    res.append(
      'Set-Cookie',
      stringifySetCookie({
        name: CSRF_COOKIE,
        value: token,
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps || req.secure,
        path: '/',
        maxAge: CSRF_COOKIE_MAX_AGE_SECONDS,
      }),
    )
    res.json({ csrfToken: token, 'X-CSRFToken': token })
  })
  return router
}
