import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp } from '../../support/accounts.ts'
import { startStripeTestbed, type StripeTestbed } from '../../support/stripe-testbed.ts'

// Stripe's package checks only how old a signature is; ours refuses one dated more than 5 minutes away
// from our clock in either direction, so a signed body cannot be kept for later use.
let bed: StripeTestbed
beforeAll(async () => {
  bed = await startStripeTestbed()
})
afterAll(async () => {
  await bed?.close()
})

const nowSeconds = () => Math.floor(Date.now() / 1000)

async function deliverSignedAt(body: string, timestamp: number) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: bed.fake.webhookSecret,
    timestamp,
  })
  return bed.testApp.request
    .post('/api/plans/webhook/')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signature)
    .send(body)
}

describe('the time in a Stripe signature', () => {
  it('a correctly signed event dated an hour ahead is refused, and nothing is recorded', async () => {
    const owner = await signUp(bed.testApp)
    const started = await bed.checkout(owner)
    const sessionId = new URL(started.body.checkout_url as string).pathname.split('/').pop() as string
    const [, created] = bed.fake.completeCheckout(sessionId)
    const body = bed.fake.sign(created!).body
    const ahead = await deliverSignedAt(body, nowSeconds() + 3_600)
    expect([ahead.status, ahead.body.message]).toEqual([400, 'Invalid Stripe signature.'])
    const justAhead = await deliverSignedAt(body, nowSeconds() + 400)
    expect(justAhead.status).toBe(400)
    expect(await bed.testApp.database.prisma.providerEvent.count({ where: { id: created!.id } })).toBe(0)
    expect(
      await bed.testApp.database.prisma.subscription.count({ where: { accountId: owner.userId, provider: 'stripe' } }),
    ).toBe(0)
    // Within the tolerance either way, the same event is applied.
    const onTime = await deliverSignedAt(body, nowSeconds() + 60)
    expect([onTime.status, onTime.body]).toEqual([200, { received: true }])
    expect(await bed.testApp.database.prisma.providerEvent.count({ where: { id: created!.id } })).toBe(1)
  }, 120_000)

  it('a correctly signed event dated an hour ago is refused too', async () => {
    const body = JSON.stringify({
      id: `evt_old_${Date.now()}`,
      object: 'event',
      type: 'customer.created',
      created: nowSeconds(),
      data: { object: {} },
    })
    const old = await deliverSignedAt(body, nowSeconds() - 3_600)
    expect([old.status, old.body.message]).toEqual([400, 'Invalid Stripe signature.'])
    const recent = await deliverSignedAt(body, nowSeconds() - 60)
    expect([recent.status, recent.body]).toEqual([200, { received: true }])
  })

  it('a timestamp that is no number is refused, even with a signature made over it', async () => {
    const body = JSON.stringify({
      id: `evt_nan_${Date.now()}`,
      object: 'event',
      type: 'customer.created',
      created: nowSeconds(),
      data: { object: {} },
    })
    const { createHmac } = await import('node:crypto')
    const mac = createHmac('sha256', bed.fake.webhookSecret).update(`NaN.${body}`).digest('hex')
    const response = await bed.testApp.request
      .post('/api/plans/webhook/')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', `t=soon,v1=${mac}`)
      .send(body)
    expect([response.status, response.body.message]).toEqual([400, 'Invalid Stripe signature.'])
  })
})
