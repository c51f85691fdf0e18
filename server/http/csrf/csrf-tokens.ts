import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export const CSRF_COOKIE = 'csrftoken'
export const CSRF_HEADER = 'x-csrftoken'

/**
 * Cookies that authenticate a request by themselves. A request carrying one is open to cross-site
 * forgery, so its unsafe methods must echo the CSRF token, unless it carries a bearer token, which
 * browsers never send on their own and which then authenticates it alone (see require-csrf-token.ts).
 */
export const AUTHENTICATING_COOKIES = ['access_token', 'refresh_token', 'sessionid'] as const

function sign(key: Buffer, nonce: string) {
  return createHmac('sha256', key).update(nonce).digest('base64url')
}

/** A signed token: the server can tell its own tokens from values planted in the cookie. */
export function issueCsrfToken(key: Buffer): string {
  const nonce = randomBytes(24).toString('base64url')
  return `${nonce}.${sign(key, nonce)}`
}

function isSameText(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export function isValidCsrfPair(
  key: Buffer,
  cookieValue: string | undefined,
  headerValue: string | undefined,
): boolean {
  if (!cookieValue || !headerValue || !isSameText(cookieValue, headerValue)) return false
  const [nonce, signature, ...rest] = cookieValue.split('.')
  if (!nonce || !signature || rest.length > 0) return false
  return isSameText(signature, sign(key, nonce))
}
