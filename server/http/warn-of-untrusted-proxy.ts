import type { RequestHandler } from 'express'
import type { Config } from '../config/config.schemas.ts'
import type { Logger } from '../logging/create-logger.ts'

export const UNTRUSTED_PROXY_WARNING =
  'A request came through a proxy (X-Forwarded-For or Forwarded) but TRUST_PROXY is off: every client behind it has the proxy’s address and shares its per-address limits, sign-in included. Set TRUST_PROXY to the number of proxies in front of the server (1 for one) or to their subnets.'

/**
 * With TRUST_PROXY off, req.ip behind a reverse proxy is the proxy's address, so one client's failed
 * sign-ins would hold back everyone's. A deployment cannot tell from its config that a proxy is there;
 * the first forwarded request tells, and it is said once per server (the headers themselves, client
 * addresses, are not logged).
 */
export function warnOfUntrustedProxy(config: Pick<Config, 'TRUST_PROXY'>, logger: Logger): RequestHandler {
  let hasWarned = config.TRUST_PROXY !== false
  return (req, _res, next) => {
    if (!hasWarned && (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined)) {
      hasWarned = true
      logger.warn({ proxyAddress: req.socket.remoteAddress }, UNTRUSTED_PROXY_WARNING)
    }
    next()
  }
}
