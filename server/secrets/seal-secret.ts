// Secrets kept in the database (Shopify's access and refresh tokens, which Shopify asks to be stored like
// passwords; webhook endpoints' signing secrets) are sealed with AES-256-GCM, bound to the row they belong
// to (its id as associated data), so a sealed value copied onto another row does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

/** `v1.<iv|tag|ciphertext in base64url>`; the version lets a later key or cipher change read old rows. */
export function sealSecret(key: Buffer, rowId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(rowId, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`
}

/** The secret, or undefined when the value was sealed with another key, for another row, or altered. */
export function openSecret(key: Buffer, rowId: string, sealed: string): string | undefined {
  const [version, body] = sealed.split('.', 2)
  if (version !== VERSION || !body) return undefined
  const bytes = Buffer.from(body, 'base64url')
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(rowId, 'utf8'))
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}
