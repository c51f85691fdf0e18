import { createHmac, randomBytes } from 'node:crypto'

/** A new endpoint secret as the Standard Webhooks specification writes it: whsec_ and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`

/**
 * The Standard Webhooks headers of one delivery attempt: webhook-id (the message, the same on every
 * attempt), webhook-timestamp (seconds) and webhook-signature, `v1,` and the base64 HMAC-SHA256 of
 * "{id}.{timestamp}.{body}" keyed with the secret's bytes.
 */
export interface WebhookHeadersOptions {
  /** The endpoint's secret, whsec_ and base64. */
  secret: string
  /** The message's id: the same on every attempt. */
  messageId: string
  /** The exact bytes sent. */
  body: string
  now?: Date
}

export function webhookHeaders({ secret, messageId, body, now = new Date() }: WebhookHeadersOptions) {
  const timestamp = String(Math.floor(now.getTime() / 1000))
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` }
}
