// The fake Stripe server, driven only through the official `stripe` package, as the server's billing code drives it.
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addInterval, startFakeStripe, stripeConfigFor, type FakeStripe } from '../../support/fake-stripe.ts'

let fake: FakeStripe
let stripe: Stripe
beforeAll(async () => {
  fake = await startFakeStripe()
  stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' })
})
afterAll(async () => {
  await fake.close()
})

async function subscribedCustomer({ paymentFails = false } = {}) {
  const customer = await stripe.customers.create({
    email: 'owner@example.com',
    name: 'Owner',
    metadata: { account_id: '7' },
  })
  const product = await stripe.products.create({ name: 'AgentDesk Pro 1', metadata: { plan_id: '1' } })
  const price = await stripe.prices.create({
    product: product.id,
    currency: 'USD',
    unit_amount: 1000,
    recurring: { interval: 'month' },
    metadata: { price_id: '1' },
  })
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: '7',
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://127.0.0.1/billing/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1/billing',
    metadata: { account_id: '7' },
    subscription_data: { metadata: { account_id: '7', plan_id: '1' } },
  })
  const events = fake.completeCheckout(session.id, { paymentFails })
  const subscriptionId = String((await stripe.checkout.sessions.retrieve(session.id)).subscription)
  return { customer, price, session, events, subscriptionId }
}

describe('the fake Stripe API, through the stripe package', () => {
  it('creates and retrieves a customer, and records the form-encoded request as Stripe reads it', async () => {
    const customer = await stripe.customers.create({
      email: 'owner@example.com',
      name: 'Owner',
      metadata: { account_id: '42' },
    })
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'owner@example.com',
      name: 'Owner',
      livemode: false,
      metadata: { account_id: '42' },
    })
    expect(customer.id).toMatch(/^cus_/)
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, email: 'owner@example.com' })
    const recorded = fake.requests.find((request) => request.method === 'POST' && request.path === '/v1/customers')
    expect(recorded?.params).toEqual({ email: 'owner@example.com', name: 'Owner', metadata: { account_id: '42' } })
    expect(recorded?.headers.authorization).toBe('Bearer sk_test_fake')
    expect(recorded?.status).toBe(200)
  })

  it('finds a price by its lookup key, refuses the key to a second price unless transfer_lookup_key moves it', async () => {
    const product = await stripe.products.create({ name: 'AgentDesk Pro 2', metadata: { plan_id: '2' } })
    expect(await stripe.products.retrieve(product.id)).toMatchObject({
      object: 'product',
      name: 'AgentDesk Pro 2',
      active: true,
      metadata: { plan_id: '2' },
    })
    const first = await stripe.prices.create({
      product: product.id,
      currency: 'EGP',
      unit_amount: 50_000,
      recurring: { interval: 'month' },
      lookup_key: 'agentdesk_price_2',
      nickname: 'Pro 2 (EGP)',
    })
    expect(first).toMatchObject({
      object: 'price',
      currency: 'egp',
      unit_amount: 50_000,
      lookup_key: 'agentdesk_price_2',
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
      product: product.id,
    })
    expect(
      (await stripe.prices.list({ lookup_keys: ['agentdesk_price_2'], active: true, limit: 1 })).data.map(
        (price) => price.id,
      ),
    ).toEqual([first.id])
    expect((await stripe.prices.list({ lookup_keys: ['agentdesk_price_none'] })).data).toEqual([])

    const taken = await stripe.prices
      .create({
        product: product.id,
        currency: 'egp',
        unit_amount: 60_000,
        recurring: { interval: 'month' },
        lookup_key: 'agentdesk_price_2',
      })
      .catch((error: unknown) => error)
    expect(taken).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(taken).toMatchObject({ statusCode: 400, param: 'lookup_key' })

    const second = await stripe.prices.create({
      product: product.id,
      currency: 'egp',
      unit_amount: 60_000,
      recurring: { interval: 'month' },
      lookup_key: 'agentdesk_price_2',
      transfer_lookup_key: true,
    })
    expect((await stripe.prices.list({ lookup_keys: ['agentdesk_price_2'] })).data.map((price) => price.id)).toEqual([
      second.id,
    ])
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull()
    expect(
      fake.requests.filter((request) => request.path === '/v1/prices' && request.method === 'GET').at(-1)?.params,
    ).toEqual({ lookup_keys: ['agentdesk_price_2'] })
  })

  it('replays the answer of a request repeated with the same idempotency key', async () => {
    const first = await stripe.products.create({ name: 'AgentDesk Pro 3' }, { idempotencyKey: 'agentdesk-product-3' })
    const again = await stripe.products.create({ name: 'AgentDesk Pro 3' }, { idempotencyKey: 'agentdesk-product-3' })
    expect(again.id).toBe(first.id)
    expect([...fake.products.values()].filter((product) => product.name === 'AgentDesk Pro 3')).toHaveLength(1)
  })

  it('opens a Checkout session whose completion starts the subscription and answers the events Stripe sends', async () => {
    const { customer, price, session, events, subscriptionId } = await subscribedCustomer()
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      client_reference_id: '7',
      amount_total: 1000,
      currency: 'usd',
      metadata: { account_id: '7' },
    })
    expect(session.url).toBe(`${fake.url}/checkout/${session.id}`)
    expect(session.id).toMatch(/^cs_/)
    expect(events.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ])
    expect(events[0]).toMatchObject({
      object: 'event',
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: {
          id: session.id,
          status: 'complete',
          payment_status: 'paid',
          subscription: subscriptionId,
          customer: customer.id,
        },
      },
    })
    expect(events[0]?.id).toMatch(/^evt_/)

    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['items.data.price.product'] })
    const item = subscription.items.data[0]
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      metadata: { account_id: '7', plan_id: '1' },
    })
    expect(item?.price).toMatchObject({
      id: price.id,
      unit_amount: 1000,
      product: { object: 'product', name: 'AgentDesk Pro 1' },
    })
    expect(item?.current_period_end).toBe(addInterval(item?.current_period_start ?? 0, 'month'))
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice))
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 1000,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: subscriptionId, metadata: { account_id: '7', plan_id: '1' } } },
    })
  })

  it('serves a hosted Checkout page whose Pay button completes the session and redirects to success_url', async () => {
    const customer = await stripe.customers.create({ email: 'browser@example.com' })
    const product = await stripe.products.create({ name: 'AgentDesk Pro 5' })
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 2500,
      recurring: { interval: 'month' },
    })
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://127.0.0.1/done?session_id={CHECKOUT_SESSION_ID}',
    })
    const page = await fetch(String(session.url))
    expect(await page.text()).toContain('25.00 USD')
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1/done?session_id=${session.id}`)
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      subscription: expect.stringMatching(/^sub_/),
    })
    expect(fake.events.at(-1)?.type).toBe('invoice.paid')
  })

  it('when the first payment fails, the session completes unpaid and the subscription stays incomplete', async () => {
    const { events, subscriptionId } = await subscribedCustomer({ paymentFails: true })
    expect(events.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.payment_failed',
    ])
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('incomplete')
  })

  it('sets a subscription to cancel at period end and back, changes its price, and cancels it now', async () => {
    const { subscriptionId } = await subscribedCustomer()
    const cancelling = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
    expect(cancelling).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: cancelling.items.data[0]?.current_period_end,
    })
    expect(fake.events.at(-1)).toMatchObject({
      type: 'customer.subscription.updated',
      data: { previous_attributes: { cancel_at_period_end: false } },
    })
    expect(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false })).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    })

    const product = await stripe.products.create({ name: 'AgentDesk Pro 4' })
    const bigger = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 4000,
      recurring: { interval: 'month' },
    })
    const itemId = cancelling.items.data[0]?.id ?? ''
    const changed = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: itemId, price: bigger.id }],
      metadata: { plan_id: '4' },
    })
    expect(changed.items.data.map((item) => [item.id, item.price.id])).toEqual([[itemId, bigger.id]])
    expect(changed.metadata).toEqual({ account_id: '7', plan_id: '4' })

    const canceled = await stripe.subscriptions.cancel(subscriptionId)
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'cancellation_requested' } })
    expect(canceled.ended_at).toEqual(expect.any(Number))
    expect(fake.events.at(-1)).toMatchObject({
      type: 'customer.subscription.deleted',
      request: { id: expect.stringMatching(/^req_/) },
    })
    await expect(stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    )
  })

  it('renews, fails a payment, recovers it and expires a subscription, each with its events', async () => {
    const { subscriptionId } = await subscribedCustomer()
    const start = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.current_period_end ?? 0
    expect(fake.renew(subscriptionId).map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.paid',
    ])
    expect((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.current_period_start).toBe(start)

    expect(fake.failPayment(subscriptionId).map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
    ])
    const pastDue = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] })
    expect(pastDue).toMatchObject({
      status: 'past_due',
      latest_invoice: { status: 'open', billing_reason: 'subscription_cycle' },
    })

    expect(fake.renew(subscriptionId).map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.paid',
    ])
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active')

    expect(fake.expire(subscriptionId).map((event) => event.type)).toEqual(['customer.subscription.deleted'])
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'payment_failed' },
    })
  })

  it('opens a billing portal session for a customer', async () => {
    const customer = await stripe.customers.create({ email: 'portal@example.com' })
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://127.0.0.1/billing',
    })
    expect(session).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://127.0.0.1/billing',
    })
    expect(session.url).toBe(`${fake.url}/billing_portal/${session.id}`)
  })

  it('answers 404 resource_missing for an unknown subscription, and 401 to another API key', async () => {
    const missing = await stripe.subscriptions.retrieve('sub_missing').catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such subscription: 'sub_missing'",
    })

    const stranger = new Stripe('sk_test_someone_else', { host: '127.0.0.1', port: fake.port, protocol: 'http' })
    await expect(stranger.customers.create({ email: 'x@example.com' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    )
  })

  it('signs events so that stripe.webhooks.constructEvent accepts them, and refuses a tampered body', async () => {
    const { events } = await subscribedCustomer()
    const event = events[1]
    if (!event) throw new Error('no subscription event')
    const { body, signature } = fake.sign(event)
    const secret = stripeConfigFor(fake).STRIPE_WEBHOOK_SECRET
    expect(stripe.webhooks.constructEvent(body, signature, secret)).toMatchObject({
      id: event.id,
      type: 'customer.subscription.created',
    })
    expect(() => stripe.webhooks.constructEvent(body.replace('"active"', '"canceled"'), signature, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
    expect(() => stripe.webhooks.constructEvent(body, fake.sign(event, 'whsec_other').signature, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
  })

  it('gives the server its environment: key, webhook secret and the fake URL', () => {
    expect(stripeConfigFor(fake)).toEqual({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
    })
    expect(fake.webhookSecret).toMatch(/^whsec_fake/)
  })
})
