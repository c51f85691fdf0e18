import { describe, expect, it } from 'vitest'
import { secondsToWait } from './seconds-to-wait.ts'

describe('secondsToWait', () => {
  const policy = { freeFailures: 5, maxWaitSeconds: 900 }

  it('costs nothing for the free failures', () => {
    expect([0, 1, 5].map((failures) => secondsToWait(failures, policy))).toEqual([0, 0, 0])
  })

  it('then doubles from one second', () => {
    expect([6, 7, 8, 9, 15].map((failures) => secondsToWait(failures, policy))).toEqual([1, 2, 4, 8, 512])
  })

  it('never waits longer than the cap, however many failures', () => {
    expect(secondsToWait(16, policy)).toBe(900)
    expect(secondsToWait(5_000, policy)).toBe(900)
  })

  it('with no free failures, the first one already costs a second', () => {
    expect(secondsToWait(1, { freeFailures: 0, maxWaitSeconds: 60 })).toBe(1)
  })
})
