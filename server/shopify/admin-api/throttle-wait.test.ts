import { describe, expect, it } from 'vitest'
import type { GraphqlResponse } from './shopify-admin-client.ts'
import { isThrottled, throttleWaitMs } from './throttle-wait.ts'

const throttled = (cost?: NonNullable<GraphqlResponse['extensions']>['cost']): GraphqlResponse => ({
  errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
  extensions: cost ? { cost } : undefined,
})

describe('the pause before retrying a throttled query', () => {
  it('is the missing points over the restore rate', () => {
    expect(
      throttleWaitMs(
        throttled({
          requestedQueryCost: 152,
          throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 2, restoreRate: 50 },
        }),
      ),
    ).toBe(3_000)
  })

  it('is nothing when the points are there again, a second without figures, and never over the cap', () => {
    expect(
      throttleWaitMs(
        throttled({
          requestedQueryCost: 10,
          throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 40, restoreRate: 50 },
        }),
      ),
    ).toBe(0)
    expect(throttleWaitMs(throttled())).toBe(1_000)
    expect(
      throttleWaitMs(
        throttled({
          requestedQueryCost: 5000,
          throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 0, restoreRate: 1 },
        }),
        7_000,
      ),
    ).toBe(7_000)
  })

  it('only THROTTLED counts as throttling', () => {
    expect(isThrottled(throttled())).toBe(true)
    expect(isThrottled({ errors: [{ message: 'Access denied', extensions: { code: 'ACCESS_DENIED' } }] })).toBe(false)
    expect(isThrottled({ data: {} })).toBe(false)
  })
})
