// Stripe's API on 127.0.0.1, for the official `stripe` package pointed at it (STRIPE_API_URL): customers,
// products, prices (with lookup keys), Checkout and billing-portal sessions, subscriptions and invoices, in
// Stripe's wire format (form-encoded requests, JSON answers and errors, the API version of the package).
// Test-side controls play the customer and the passing months, and answer the events Stripe would send.
// Objects are typed by the package's own types, so a shape that drifts from Stripe's fails the typecheck.
// The parts live in fake-stripe/, one operation per file; this entry keeps the importers' one path.
export { addInterval } from './fake-stripe/add-interval.ts'
export { startFakeStripe, stripeConfigFor, type FakeStripe } from './fake-stripe/start-fake-stripe.ts'
export type { FakeStripeEvent } from './fake-stripe/wire.ts'
