// The events Stripe would send: built from the stored objects and kept in order in the state.
import Stripe from 'stripe'
import { newId, nowSeconds } from './ids.ts'
import type { FakeStripeState } from './state.ts'
import type { EventOf, FakeStripeEvent, RequestOrigin } from './wire.ts'

export function createEvent<Type extends FakeStripeEvent['type']>(
  state: FakeStripeState,
  type: Type,
  object: EventOf<Type>['data']['object'],
  extra: { previousAttributes?: Record<string, unknown>; request?: RequestOrigin } = {},
): EventOf<Type> {
  const event = {
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: {
      object: structuredClone(object),
      ...(extra.previousAttributes ? { previous_attributes: structuredClone(extra.previousAttributes) } : {}),
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: extra.request?.id ?? null, idempotency_key: extra.request?.idempotencyKey ?? null },
    type,
  }
  state.events.push(event as unknown as FakeStripeEvent)
  return event as unknown as EventOf<Type>
}

/** The fields of `before` that differ from `after`, as an event's previous_attributes. */
export function changedFields(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify((after as Record<string, unknown>)[key])) previous[key] = value
  }
  return previous
}

/** The body Stripe would POST for an event and its Stripe-Signature header, signed by the package itself. */
export function signEvent(event: FakeStripeEvent, secret: string): { body: string; signature: string } {
  const body = JSON.stringify(event, null, 2)
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) }
}
