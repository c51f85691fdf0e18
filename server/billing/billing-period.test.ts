import { describe, expect, it } from 'vitest'
import { billingModeOf } from './billing-mode.ts'
import { addMonths, billingPeriodOf, calendarMonthOf } from './billing-period.ts'
import { percentUsed } from './read-usage-limits.ts'

const at = (iso: string) => new Date(iso)

describe('billing periods', () => {
  it('moves by whole months, keeping the day where the month has it', () => {
    expect(addMonths(at('2027-01-31T10:00:00Z'), 1)).toEqual(at('2027-02-28T10:00:00Z'))
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1)).toEqual(at('2028-02-29T10:00:00Z'))
    expect(addMonths(at('2027-01-31T10:00:00Z'), 2)).toEqual(at('2027-03-31T10:00:00Z'))
    expect(addMonths(at('2027-11-15T00:00:00Z'), 3)).toEqual(at('2028-02-15T00:00:00Z'))
  })

  it('is monthly from the start, the last one cut at the end', () => {
    const year = { start: at('2027-01-31T10:00:00Z'), end: at('2028-01-31T10:00:00Z') }
    expect(billingPeriodOf(year, at('2027-01-31T10:00:00Z'))).toEqual({
      start: at('2027-01-31T10:00:00Z'),
      end: at('2027-02-28T10:00:00Z'),
    })
    expect(billingPeriodOf(year, at('2027-02-28T09:59:59Z'))).toEqual({
      start: at('2027-01-31T10:00:00Z'),
      end: at('2027-02-28T10:00:00Z'),
    })
    expect(billingPeriodOf(year, at('2027-02-28T10:00:00Z'))).toEqual({
      start: at('2027-02-28T10:00:00Z'),
      end: at('2027-03-31T10:00:00Z'),
    })
    expect(billingPeriodOf(year, at('2028-01-15T00:00:00Z'))).toEqual({
      start: at('2027-12-31T10:00:00Z'),
      end: at('2028-01-31T10:00:00Z'),
    })
    const trial = { start: at('2027-03-01T00:00:00Z'), end: at('2027-03-15T00:00:00Z') }
    expect(billingPeriodOf(trial, at('2027-03-10T00:00:00Z'))).toEqual(trial)
    // A moment before the start (a clock behind the one that wrote it) falls in the first period.
    expect(billingPeriodOf(trial, at('2027-02-28T23:59:59Z'))).toEqual(trial)
    expect(calendarMonthOf(at('2027-12-31T23:59:59Z'))).toEqual({
      start: at('2027-12-01T00:00:00Z'),
      end: at('2028-01-01T00:00:00Z'),
    })
  })
})

describe('percent used', () => {
  it('is whole, capped at 100, 0 when unlimited and 100 of nothing', () => {
    expect(percentUsed(3, 4)).toBe(75)
    expect(percentUsed(399, 400)).toBe(99)
    expect(percentUsed(9, 4)).toBe(100)
    expect(percentUsed(5_000, -1)).toBe(0)
    expect(percentUsed(0, 0)).toBe(100)
  })
})

describe('BILLING_MODE', () => {
  it('is what it is set to; unset, enforced only where payments are configured', () => {
    const none = { BILLING_MODE: undefined, STRIPE_SECRET_KEY: undefined, SHOPIFY_API_KEY: undefined }
    expect(billingModeOf(none)).toBe('unlimited')
    expect(billingModeOf({ ...none, STRIPE_SECRET_KEY: 'sk_test_1' })).toBe('enforced')
    expect(billingModeOf({ ...none, SHOPIFY_API_KEY: 'shopify-client-id' })).toBe('enforced')
    expect(
      billingModeOf({
        ...none,
        BILLING_MODE: 'unlimited',
        STRIPE_SECRET_KEY: 'sk_test_1',
        SHOPIFY_API_KEY: 'shopify-client-id',
      }),
    ).toBe('unlimited')
    expect(billingModeOf({ ...none, BILLING_MODE: 'enforced' })).toBe('enforced')
  })
})
