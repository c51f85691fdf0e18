import { describe, expect, it } from 'vitest'
import { billingModeOf } from './billing-mode.ts'

describe('billingModeOf (decision 028)', () => {
  const none = { BILLING_MODE: undefined, STRIPE_SECRET_KEY: undefined, SHOPIFY_API_KEY: undefined }

  it('leaves a self-hosted server without a payment provider unlimited', () => {
    expect(billingModeOf(none)).toBe('unlimited')
  })

  it('enforces plans where users can pay: Stripe or the Shopify app', () => {
    expect(billingModeOf({ ...none, STRIPE_SECRET_KEY: 'sk_test_x' })).toBe('enforced')
    expect(billingModeOf({ ...none, SHOPIFY_API_KEY: 'shopify-key' })).toBe('enforced')
  })

  it('follows BILLING_MODE when it is set, either way', () => {
    expect(billingModeOf({ ...none, BILLING_MODE: 'enforced' })).toBe('enforced')
    expect(billingModeOf({ ...none, STRIPE_SECRET_KEY: 'sk_test_x', BILLING_MODE: 'unlimited' })).toBe('unlimited')
  })
})
