import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'

// The billing bodies are strict: a field a call does not take is refused by name before anything is done,
// so nobody believes plan_id, amount or currency chose what Checkout charges.
let testApp: TestApp
let owner: SignedUp
beforeAll(async () => {
  testApp = await createTestApp()
  owner = await signUp(testApp)
}, 120_000)
afterAll(() => testApp?.cleanup())

describe('strict billing bodies', () => {
  it('create-checkout-session refuses plan_id, amount and currency by name', async () => {
    const response = await testApp.request
      .post('/api/plans/create-checkout-session/')
      .set(bearer(owner.access))
      .send({ price_id: 4, plan_id: 1, amount: 1, currency: 'USD' })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'Unknown fields: plan_id, amount, currency.',
      fields: { plan_id: ['Unknown field.'], amount: ['Unknown field.'], currency: ['Unknown field.'] },
    })
  })

  it('cancel-user-subscription refuses a field it does not take, before looking the subscription up', async () => {
    const response = await testApp.request
      .post('/api/plans/cancel-user-subscription/')
      .set(bearer(owner.access))
      .send({ subscription_id: 'none', at_period_end: true })
    expect([response.status, response.body.message]).toEqual([400, 'Unknown field: at_period_end.'])
  })

  it('names fields called like an object’s own members as any others (constructor, __proto__, toString)', async () => {
    const response = await testApp.request
      .post('/api/plans/create-checkout-session/')
      .set(bearer(owner.access))
      .set('Content-Type', 'application/json')
      .send('{"price_id": 4, "constructor": 1, "__proto__": 2, "toString": 3}')
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Unknown fields: constructor, __proto__, toString.')
    expect(response.body.fields.constructor).toEqual(['Unknown field.'])
  })
})
