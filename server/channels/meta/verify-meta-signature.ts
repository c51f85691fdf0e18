import { createHmac, timingSafeEqual } from 'node:crypto'

const SIGNATURE = /^sha256=[0-9a-f]{64}$/

/**
 * Whether `X-Hub-Signature-256` is Meta's: `sha256=` and the lowercase hex HMAC-SHA256 of the raw body,
 * keyed with the app secret, compared in constant time. Meta signs the bytes it sends (non-ASCII escaped
 * as \uXXXX), so the body is never parsed and serialised again first.
 */
export function isMetaSignature(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header || !SIGNATURE.test(header)) return false
  const expected = `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`
  return timingSafeEqual(Buffer.from(header), Buffer.from(expected))
}

/** Meta's handshake for a callback URL: the challenge when the mode and token are right, else null. */
export function answerMetaHandshake(
  verifyToken: string,
  query: { mode: unknown; token: unknown; challenge: unknown },
): string | null {
  if (query.mode !== 'subscribe' || typeof query.token !== 'string' || typeof query.challenge !== 'string') return null
  const given = Buffer.from(query.token)
  const expected = Buffer.from(verifyToken)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return /^[\w.-]{1,200}$/.test(query.challenge) ? query.challenge : null
}
