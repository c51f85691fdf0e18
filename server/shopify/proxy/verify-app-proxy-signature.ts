import { createHmac, timingSafeEqual } from 'node:crypto'

// Shopify sends each of these once. A second copy could make this check and the code reading the
// query see different shops, so the library refuses it, and so do we.
const SINGLE_VALUED = new Set(['shop', 'signature', 'timestamp', 'hmac'])
const TIMESTAMP_TOLERANCE_SECONDS = 90
const HEX_SHA256 = /^[0-9a-f]{64}$/

type AppProxySignatureFailure =
  'repeated_parameter' | 'missing_signature' | 'invalid_timestamp' | 'stale_timestamp' | 'signature_mismatch'

export type AppProxySignatureCheck = { valid: true } | { valid: false; reason: AppProxySignatureFailure }

/**
 * Checks an app proxy request's `signature` the way Shopify computes it (and @shopify/shopify-api
 * checks it): every parameter but signature (and hmac), values of a repeated key joined with commas in
 * the order they came, keys sorted with localeCompare, `key=value` concatenated with no separator,
 * HMAC-SHA256 with the app's secret in hex. The timestamp must be within 90 s of `now` either way, so a
 * captured URL stops working soon. Used by the plain Express mount; the React Router routes have the
 * library's authenticate.public.appProxy.
 */
export function verifyAppProxySignature(
  query: URLSearchParams,
  secret: string,
  now: number = Date.now(),
): AppProxySignatureCheck {
  // The library drops an empty `index` (a React Router leftover) before checking; do the same.
  const dropIndex = !query.get('index')
  const values = new Map<string, string[]>()
  for (const [key, value] of query) {
    if (dropIndex && key === 'index') continue
    const seen = values.get(key)
    if (seen && SINGLE_VALUED.has(key)) return { valid: false, reason: 'repeated_parameter' }
    if (seen) seen.push(value)
    else values.set(key, [value])
  }
  const signature = values.get('signature')?.[0]
  if (!signature) return { valid: false, reason: 'missing_signature' }
  const timestamp = values.get('timestamp')?.[0] ?? ''
  if (!/^\d{1,12}$/.test(timestamp)) return { valid: false, reason: 'invalid_timestamp' }
  if (Math.abs(Math.trunc(now / 1000) - Number(timestamp)) > TIMESTAMP_TOLERANCE_SECONDS)
    return { valid: false, reason: 'stale_timestamp' }
  const message = [...values.entries()]
    .filter(([key]) => key !== 'signature' && key !== 'hmac')
    .sort(([first], [second]) => first.localeCompare(second))
    .map(([key, parts]) => `${key}=${parts.join(',')}`)
    .join('')
  const expected = createHmac('sha256', secret).update(message).digest('hex')
  // Same length before timingSafeEqual; hex of the wrong shape cannot match anyway.
  if (!HEX_SHA256.test(signature) || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
    return { valid: false, reason: 'signature_mismatch' }
  return { valid: true }
}
