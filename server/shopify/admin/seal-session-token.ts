// Shopify access and refresh tokens are secrets (Shopify asks that refresh tokens be stored like
// passwords): they are kept sealed with AES-256-GCM, bound to their session id so a sealed value
// copied onto another shop's row does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

/** `v1.<iv|tag|ciphertext in base64url>`; the version lets a later key or cipher change read old rows. */
export function sealSessionToken(key: Buffer, sessionId: string, token: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(sessionId, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`
}

/** The token, or undefined when the value was sealed with another key, for another session, or altered. */
export function openSessionToken(key: Buffer, sessionId: string, sealed: string): string | undefined {
  const [version, body] = sealed.split('.', 2)
  if (version !== VERSION || !body) return undefined
  const bytes = Buffer.from(body, 'base64url')
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(sessionId, 'utf8'))
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}
