import { describe, expect, it } from 'vitest'
import type { Subscription } from '#server/billing/billing.schemas.ts'
import { isPaidAndActive, isPaying, planBadge, planStandingOf } from './subscription-state.ts'

const trial = {
  plan_name: 'Pro 1',
  status: 'trialing',
  subscription_status: true,
  is_trial: true,
  is_expired: false,
  provider: 'trial',
  cancel_at_period_end: false,
} as Subscription
const paid = { ...trial, plan_name: 'Pro 2', status: 'active', is_trial: false, provider: 'stripe' } as Subscription
const ended = { ...paid, status: 'cancelled', subscription_status: false, is_expired: true } as Subscription

describe('one reading of the plan for every screen', () => {
  it('tells a trial, a paid plan, one set to end, an ended one and none apart', () => {
    expect(planStandingOf({ kind: 'none' })).toBe('none')
    expect(planStandingOf({ kind: 'current', subscription: trial })).toBe('trial')
    expect(planStandingOf({ kind: 'current', subscription: paid })).toBe('paid')
    expect(planStandingOf({ kind: 'current', subscription: { ...paid, cancel_at_period_end: true } })).toBe('ending')
    expect(planStandingOf({ kind: 'ended', subscription: ended })).toBe('ended')
  })

  it('names the plan paid for on the profile, a trial as a trial (cancelled too), else No plan', () => {
    expect(planBadge({ kind: 'current', subscription: paid }).label).toBe('Pro 2')
    expect(planBadge({ kind: 'current', subscription: { ...paid, cancel_at_period_end: true } }).label).toBe('Pro 2')
    expect(planBadge({ kind: 'current', subscription: trial }).label).toBe('Pro 1 free trial')
    expect(planBadge({ kind: 'current', subscription: { ...trial, cancel_at_period_end: true } }).label).toBe(
      'Pro 1 free trial',
    )
    expect(planBadge({ kind: 'ended', subscription: ended }).label).toBe('No plan')
    expect(planBadge({ kind: 'none' }).label).toBe('No plan')
  })

  it('counts as paid only a live plan someone pays for: not a trial, a granted plan, or an ended one', () => {
    expect(isPaying(paid)).toBe(true)
    expect(isPaying(trial)).toBe(false)
    expect(isPaidAndActive({ kind: 'current', subscription: paid })).toBe(true)
    expect(isPaidAndActive({ kind: 'current', subscription: { ...paid, provider: 'shopify' } })).toBe(true)
    expect(isPaidAndActive({ kind: 'current', subscription: { ...paid, provider: 'manual' } })).toBe(false)
    expect(isPaidAndActive({ kind: 'current', subscription: { ...paid, status: 'past_due' } })).toBe(false)
    expect(isPaidAndActive({ kind: 'current', subscription: trial })).toBe(false)
    expect(isPaidAndActive({ kind: 'ended', subscription: ended })).toBe(false)
    expect(isPaidAndActive({ kind: 'none' })).toBe(false)
    expect(isPaidAndActive(undefined)).toBe(false)
  })
})
