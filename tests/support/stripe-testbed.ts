import { expect } from 'vitest'
import { bearer, signUp, type SignedUp } from './accounts.ts'
import { createTestApp, type TestApp } from './create-test-app.ts'
import { startFakeStripe, stripeConfigFor, type FakeStripe, type FakeStripeEvent } from './fake-stripe.ts'

/** The site the tests' return addresses belong to (PUBLIC_URL). */
export const ORIGIN = 'https://agentdesk.example'

/**
 * The Stripe tests' setting: a fake Stripe (tests/support/fake-stripe.ts) and an app that pays through it,
 * with the calls the tests make: checkout, delivering Stripe's signed events, and reading the subscription.
 */
export async function startStripeTestbed() {
  const fake: FakeStripe = await startFakeStripe()
  const testApp: TestApp = await createTestApp({ ...stripeConfigFor(fake), PUBLIC_URL: ORIGIN, JOB_POLL_MS: '50' })
  const as = (account: SignedUp) => bearer(account.access)

  const checkout = (account: SignedUp, body: Record<string, unknown> = {}) =>
    testApp.request
      .post('/api/plans/create-checkout-session/')
      .set(as(account))
      .send({
        price_id: 4,
        success_url: `${ORIGIN}/app/payment-success`,
        cancel_url: `${ORIGIN}/app/payment-cancel`,
        ...body,
      })
  const deliver = (event: FakeStripeEvent, signature?: string) => {
    const signed = fake.sign(event)
    return testApp.request
      .post('/api/plans/webhook/')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature ?? signed.signature)
      .send(signed.body)
  }
  const deliverAll = async (events: FakeStripeEvent[]) => {
    for (const event of events) expect((await deliver(event)).status).toBe(200)
  }
  const subscriptionOf = (account: SignedUp) =>
    testApp.request.get('/api/plans/get-user-subscription/').set(as(account))

  /** The customer pays on Checkout's page for a session the account started; Stripe's events delivered. */
  async function pay(account: SignedUp, body: Record<string, unknown> = {}) {
    const started = await checkout(account, body)
    expect(started.status).toBe(200)
    const sessionId = new URL(started.body.checkout_url as string).pathname.split('/').pop() as string
    const events = fake.completeCheckout(sessionId)
    await deliverAll(events)
    const subscriptionId = String(fake.checkoutSessions.get(sessionId)?.subscription)
    return { sessionId, subscriptionId, events }
  }

  /** An owner who went through Checkout for price 4 (Pro 2, EGP) and paid. */
  async function payingOwner() {
    const owner = await signUp(testApp)
    return { owner, ...(await pay(owner)) }
  }

  return {
    fake,
    testApp,
    as,
    checkout,
    deliver,
    deliverAll,
    subscriptionOf,
    pay,
    payingOwner,
    close: async () => {
      await testApp.cleanup()
      await fake.close()
    },
  }
}

export type StripeTestbed = Awaited<ReturnType<typeof startStripeTestbed>>
