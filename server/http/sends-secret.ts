import type { RequestHandler } from 'express'

/** Marks the middleware, so whoever lists the routes (tests/support/list-routes.ts) sees which answer with a secret. */
export const SENDS_SECRET = Symbol('sendsSecret')

/**
 * Put first on a route whose answer carries a token, key or secret (sign-in tokens, an API key, a widget
 * session, a signing secret): `router.post(path, sendsSecret, …)`. Its answer, refusals included, says
 * Cache-Control: no-store, so no browser, proxy or back/forward cache keeps it.
 */
export const sendsSecret: RequestHandler & { readonly [SENDS_SECRET]: true } = Object.assign<
  RequestHandler,
  { readonly [SENDS_SECRET]: true }
>(
  (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    next()
  },
  { [SENDS_SECRET]: true },
)
