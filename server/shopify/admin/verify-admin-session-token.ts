// The session token App Bridge gives the embedded app (shopify.idToken()): an HS256 JWT signed with the
// app's secret, addressed to its key, naming the shop in `dest`, valid for about a minute.
import { decodeJwt, errors, jwtVerify } from 'jose'
import { AppError } from '../../errors/app-error.ts'

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/
// Shopify's own library allows 10 seconds of clock skew; so do we.
const CLOCK_TOLERANCE_SECONDS = 10

export interface AdminSessionTokenKeys {
  apiKey: string
  apiSecret: string
}

/** True for a JWT shaped like Shopify's session token (it names a `dest`); says nothing of its validity. */
export function looksLikeAdminSessionToken(token: string): boolean {
  try {
    return typeof decodeJwt(token).dest === 'string'
  } catch {
    return false
  }
}

function invalid(): AppError {
  return new AppError('UNAUTHORIZED', 'Invalid Shopify session token.', { reason: 'token_invalid' })
}

/** The shop (example.myshopify.com) a valid session token speaks for; a 401 otherwise. */
export async function verifyAdminSessionToken(keys: AdminSessionTokenKeys, token: string): Promise<string> {
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await jwtVerify(token, new TextEncoder().encode(keys.apiSecret), {
      algorithms: ['HS256'],
      audience: keys.apiKey,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'nbf', 'dest', 'iss'],
    }))
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      throw new AppError('UNAUTHORIZED', 'Your Shopify session token has expired.', { reason: 'token_expired' })
    throw invalid()
  }
  const dest = typeof payload.dest === 'string' ? URL.parse(payload.dest) : null
  const shopDomain = dest?.protocol === 'https:' && !dest.port && dest.pathname === '/' ? dest.hostname : ''
  // The issuer is the same shop's admin (Shopify writes https://; its test helper leaves the scheme out).
  const issuedBySameShop = payload.iss === `https://${shopDomain}/admin` || payload.iss === `${shopDomain}/admin`
  if (!SHOP_DOMAIN.test(shopDomain) || !issuedBySameShop) throw invalid()
  return shopDomain
}
