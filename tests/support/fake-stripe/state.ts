// The one state every part of the fake reads and changes: its keys, the stored objects and what was asked.
import type Stripe from 'stripe'
import { missing } from './errors.ts'
import type { FakeStripeEvent, FakeStripeOptions, FakeStripeRequest, Wire } from './wire.ts'

export type FakeStripeState = ReturnType<typeof createState>

export function createState(options: FakeStripeOptions) {
  return {
    secretKey: options.secretKey ?? 'sk_test_fake',
    webhookSecret: options.webhookSecret ?? 'whsec_fake_agentdesk_webhook_secret',
    /** The server's address, known once it listens: hosted pages and invoices link to it. */
    baseUrl: '',
    requests: [] as FakeStripeRequest[],
    /** Every event Stripe would have sent, in order: those of the test controls and those of API calls. */
    events: [] as FakeStripeEvent[],
    customers: new Map<string, Wire<Stripe.Customer>>(),
    products: new Map<string, Wire<Stripe.Product>>(),
    prices: new Map<string, Wire<Stripe.Price>>(),
    checkoutSessions: new Map<string, Wire<Stripe.Checkout.Session>>(),
    portalSessions: new Map<string, Wire<Stripe.BillingPortal.Session>>(),
    subscriptions: new Map<string, Wire<Stripe.Subscription>>(),
    invoices: new Map<string, Wire<Stripe.Invoice>>(),
    /** What a session keeps that its object does not show: its line items and subscription_data. */
    checkoutDetails: new Map<
      string,
      { items: { price: Wire<Stripe.Price>; quantity: number }[]; subscriptionMetadata: Stripe.Metadata }
    >(),
    idempotentAnswers: new Map<string, { request: string; status: number; body: unknown }>(),
  }
}

/** The stored object an id names, found by the id's prefix (`cus_`, `price_`, `sub_`…), for `expand`. */
export function findObject(state: FakeStripeState, id: string): unknown {
  const stores: Record<string, Map<string, unknown>> = {
    cus: state.customers,
    prod: state.products,
    price: state.prices,
    cs: state.checkoutSessions,
    bps: state.portalSessions,
    sub: state.subscriptions,
    in: state.invoices,
  }
  return stores[id.slice(0, id.indexOf('_'))]?.get(id)
}

export function requireObject<T>(store: Map<string, T>, kind: string, id: string, param = 'id'): T {
  const found = store.get(id)
  if (!found) throw missing(kind, id, param)
  return found
}
