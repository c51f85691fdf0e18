// Issue 36: Stripe's return addresses follow PUBLIC_URL, or without it the hosts ALLOWED_HOSTS names, or
// with neither only localhost on the server's own port; never a Host header alone. Against the fake
// Stripe: a spoofed Host or a foreign success_url never reaches a stored Checkout Session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNKNOWN_HOST } from '../../../server/billing/return-origin.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { startFakeStripe, stripeConfigFor, type FakeStripe } from '../../support/fake-stripe.ts'

let fake: FakeStripe
let bare: TestApp
let listed: TestApp
let published: TestApp
beforeAll(async () => {
  fake = await startFakeStripe()
  bare = await createTestApp({ ...stripeConfigFor(fake) })
  listed = await createTestApp({ ...stripeConfigFor(fake), ALLOWED_HOSTS: 'billing.example.com, localhost:8443' })
  published = await createTestApp({ ...stripeConfigFor(fake), PUBLIC_URL: 'https://agentdesk.example' })
}, 180_000) // three apps
afterAll(async () => {
  await Promise.all([bare?.cleanup(), listed?.cleanup(), published?.cleanup()])
  await fake?.close()
})

const checkout = (testApp: TestApp, account: SignedUp, host: string | null, body: Record<string, unknown> = {}) => {
  const request = testApp.request.post('/api/plans/create-checkout-session/').set(bearer(account.access))
  return (host ? request.set('Host', host) : request).send({ price_id: 4, ...body })
}
const storedSessions = () => [...fake.checkoutSessions.values()]

describe('checkout return addresses', () => {
  it('without PUBLIC_URL or ALLOWED_HOSTS, refuses a foreign Host and stores nothing', async () => {
    const owner = await signUp(bare)
    const before = storedSessions().length
    for (const [host, body] of [
      ['evil.test', { success_url: 'http://evil.test/ok', cancel_url: 'http://evil.test/no' }],
      ['evil.test', {}],
      ['localhost:1', {}], // a loopback name, on a port this server did not answer on
    ] as const) {
      const refused = await checkout(bare, owner, host, body)
      expect([refused.status, refused.body.message], host).toEqual([400, UNKNOWN_HOST])
    }
    const portal = await bare.request
      .get('/api/plans/get-customer-portal-url/')
      .set(bearer(owner.access))
      .set('Host', 'evil.test')
    expect([portal.status, portal.body.message]).toEqual([400, UNKNOWN_HOST])
    expect(storedSessions().length).toBe(before)
    expect(storedSessions().some((session) => JSON.stringify(session).includes('evil.test'))).toBe(false)
  })

  it('without PUBLIC_URL or ALLOWED_HOSTS, comes back to the loopback address the server answered on', async () => {
    const owner = await signUp(bare)
    const answer = await checkout(bare, owner, null)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(storedSessions().at(-1)).toMatchObject({
      client_reference_id: owner.userId,
      success_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/app\/payment-success$/),
      cancel_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/app\/payment-cancel$/),
    })
  })

  it('with ALLOWED_HOSTS, takes a listed Host only, and a success_url only on it', async () => {
    const owner = await signUp(listed)
    const before = storedSessions().length
    expect((await checkout(listed, owner, 'evil.test', { success_url: 'http://evil.test/ok' })).body.message).toBe(
      UNKNOWN_HOST,
    )
    // The loopback default is for a server with neither setting.
    expect((await checkout(listed, owner, null)).body.message).toBe(UNKNOWN_HOST)
    const foreign = await checkout(listed, owner, 'billing.example.com', { success_url: 'http://evil.test/ok' })
    expect([foreign.status, foreign.body.message]).toEqual([400, 'The return addresses must be pages of this site.'])
    expect(storedSessions().length).toBe(before)
    const answer = await checkout(listed, owner, 'Billing.Example.com', {
      success_url: 'http://billing.example.com/app/payment-success?paid=1',
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(storedSessions().at(-1)).toMatchObject({
      client_reference_id: owner.userId,
      success_url: 'http://billing.example.com/app/payment-success?paid=1',
      cancel_url: 'http://billing.example.com/app/payment-cancel',
    })
  })

  it('with PUBLIC_URL, ignores the Host header and refuses a success_url elsewhere', async () => {
    const owner = await signUp(published)
    const foreign = await checkout(published, owner, 'evil.test', { success_url: 'http://evil.test/ok' })
    expect([foreign.status, foreign.body.message]).toEqual([400, 'The return addresses must be pages of this site.'])
    const answer = await checkout(published, owner, 'evil.test')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(storedSessions().at(-1)).toMatchObject({
      client_reference_id: owner.userId,
      success_url: 'https://agentdesk.example/app/payment-success',
      cancel_url: 'https://agentdesk.example/app/payment-cancel',
    })
  })
})
