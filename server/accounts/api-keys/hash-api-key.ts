import { createHash } from 'node:crypto'

/** What the database keeps of a key: its SHA-256 (a key is 192 random bits, so no slow hash is needed). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex')

/** Whether a bearer token is shaped like one of our API keys (and not an access token or a Shopify token). */
export const looksLikeApiKey = (token: string) => /^adk_(live|test)_[A-Za-z0-9_-]{32}$/.test(token)
