import type Stripe from 'stripe'
import { AppError } from '../../errors/app-error.ts'
import { stripeEventSchemaFor, type StripeEventRead } from './stripe-event.schemas.ts'

const BAD_SIGNATURE = 'Invalid Stripe signature.'
/** How far a signature's timestamp may be from our clock, either way (Stripe's package checks only the past). */
const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300

/** The timestamp Stripe's package verified the signature with: the last `t=` of the header, as it reads it. */
function signedTimestampOf(header: string): number {
  let timestamp = Number.NaN
  for (const item of header.split(',')) {
    const [key, value] = item.split('=')
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10)
  }
  return timestamp
}

export interface ReadSignedStripeEventOptions {
  stripe: Stripe
  webhookSecret: string
  rawBody: Buffer
  signature: string | undefined
  now?: number
}

export type SignedStripeEvent =
  | { isReadable: true; event: StripeEventRead }
  | { isReadable: false; id: string | null; type: string | null; problems: string[] }

/**
 * Checks the Stripe-Signature header over the raw body (Stripe's package) and its timestamp against our
 * clock, 5 minutes either way: a bad or missing signature, or one dated too far from now, is refused with
 * 400. Then reads what the webhook needs of the event (stripe-event.schemas.ts); a signed event we cannot
 * read is returned as such, with what can be told of it for the log.
 */
export function readSignedStripeEvent({
  stripe,
  webhookSecret,
  rawBody,
  signature = '',
  now = Date.now(),
}: ReadSignedStripeEventOptions): SignedStripeEvent {
  let json: unknown
  let isJson = true
  try {
    // Stripe's package checks the signature, then parses the body: a SyntaxError comes after the signature held.
    json = stripe.webhooks.constructEvent(
      rawBody,
      signature,
      webhookSecret,
      STRIPE_SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now,
    )
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw new AppError('BAD_REQUEST', BAD_SIGNATURE)
    isJson = false
  }
  // Checked here too: a signature dated in the future passes the package's check, which looks only back.
  if (!(Math.abs(Math.trunc(now / 1000) - signedTimestampOf(signature)) <= STRIPE_SIGNATURE_TOLERANCE_SECONDS))
    throw new AppError('BAD_REQUEST', BAD_SIGNATURE)
  if (!isJson) return { isReadable: false, id: null, type: null, problems: ['the body is not JSON'] }
  const claimed = typeof json === 'object' && json !== null ? (json as { id?: unknown; type?: unknown }) : {}
  const parsed = stripeEventSchemaFor(claimed.type).safeParse(json)
  if (parsed.success) return { isReadable: true, event: parsed.data }
  return {
    isReadable: false,
    id: typeof claimed.id === 'string' ? claimed.id.slice(0, 100) : null,
    type: typeof claimed.type === 'string' ? claimed.type.slice(0, 100) : null,
    problems: parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(the event)'}: ${issue.message}`),
  }
}
