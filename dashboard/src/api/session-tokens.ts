// SPEC sections 3 and 4: tokens in browser storage under access_token and refresh_token; the access
// token counts as expired when it expires within 300 seconds.

const ACCESS_TOKEN_KEY = 'access_token'
const REFRESH_TOKEN_KEY = 'refresh_token'
const EXPIRY_MARGIN_SECONDS = 300

export interface TokenStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export function readTokens(storage: TokenStorage) {
  return { access: storage.getItem(ACCESS_TOKEN_KEY), refresh: storage.getItem(REFRESH_TOKEN_KEY) }
}

export function saveTokens(storage: TokenStorage, tokens: { access: string; refresh?: string | null }) {
  storage.setItem(ACCESS_TOKEN_KEY, tokens.access)
  if (tokens.refresh) storage.setItem(REFRESH_TOKEN_KEY, tokens.refresh)
}

export function clearTokens(storage: TokenStorage) {
  storage.removeItem(ACCESS_TOKEN_KEY)
  storage.removeItem(REFRESH_TOKEN_KEY)
}

/** The token's expiry (seconds since 1970) read from its payload, or null when it is not a JWT. */
function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown
    }
    return typeof payload.exp === 'number' ? payload.exp : null
  } catch {
    return null
  }
}

/** True when the access token is missing, unreadable, or expires within 300 seconds. */
export function accessTokenExpiring(token: string | null, nowSeconds = Date.now() / 1000): boolean {
  const expiry = token ? expiryOf(token) : null
  return expiry === null || expiry - EXPIRY_MARGIN_SECONDS <= nowSeconds
}
