import { AppError } from '../errors/app-error.ts'

export const UNKNOWN_HOST =
  'This server does not know the address it was reached at: its administrator sets PUBLIC_URL or ALLOWED_HOSTS.'

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

export interface ReturnOriginOptions {
  /** PUBLIC_URL: when set, the one origin, whatever the request says. */
  publicUrl: string | undefined
  /** ALLOWED_HOSTS: the hosts (with a port where it is not the scheme's) the server is reached by. */
  allowedHosts: readonly string[]
  /** The request's scheme and Host header. */
  protocol: string
  host: string | undefined
  /** The port the connection arrived on (the socket's, not a header). */
  localPort: number | undefined
}

/**
 * The origin Stripe sends a payer back to (issue 36): PUBLIC_URL's; else the request's Host when
 * ALLOWED_HOSTS names it; else, for development with neither set, only a loopback name on the port the
 * server actually answered on. Any other Host is refused: a header alone never picks a return address.
 */
export function requireReturnOrigin({ publicUrl, allowedHosts, protocol, host, localPort }: ReturnOriginOptions) {
  if (publicUrl) return new URL(publicUrl).origin
  const named = host?.toLowerCase()
  if (!named) throw new AppError('BAD_REQUEST', UNKNOWN_HOST)
  if (allowedHosts.length > 0) {
    if (!allowedHosts.includes(named)) throw new AppError('BAD_REQUEST', UNKNOWN_HOST)
    return new URL(`${protocol}://${named}`).origin
  }
  const { hostname, port } = parseHost(named)
  if (!LOOPBACK_NAMES.has(hostname) || port !== String(localPort)) throw new AppError('BAD_REQUEST', UNKNOWN_HOST)
  return `${protocol}://${named}`
}

function parseHost(host: string): { hostname: string; port: string } {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host)
  return { hostname: match?.[1] ?? '', port: match?.[2] ?? '' }
}
