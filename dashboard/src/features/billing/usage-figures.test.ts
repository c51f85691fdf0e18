import { describe, expect, it } from 'vitest'
import type { Subscription } from '#server/billing/billing.schemas.ts'
import { formatLimit, formatPlanLimit, limitOf, percentUsed, usageFigures } from './usage-figures.ts'

describe('usage figures', () => {
  it('reads a limit under its name or its older one, with the SPEC defaults when absent', () => {
    expect(limitOf({ tokens: 6_000_000 }, 'tokens')).toBe(6_000_000)
    expect(limitOf({ token_limit: 500 }, 'tokens')).toBe(500)
    expect(limitOf({}, 'tokens')).toBe(100_000)
    expect(limitOf({}, 'conversations')).toBe(2_000)
    expect(limitOf({}, 'agents')).toBe(3)
    expect(limitOf({}, 'widgets')).toBe(-1)
  })

  it('caps the percent used at 100 and counts an unlimited limit as 0', () => {
    expect(percentUsed(3, 400)).toBe(1)
    expect(percentUsed(500, 400)).toBe(100)
    expect(percentUsed(10, -1)).toBe(0)
    expect(percentUsed(0, 0)).toBe(100)
  })

  it('shows unlimited as ∞, and large limits in K and M only where that is exact', () => {
    expect(formatLimit(-1)).toBe('∞')
    expect(formatLimit(3_500)).toBe('3,500')
    expect(formatLimit(6_500)).toBe('6,500')
    expect(formatLimit(2_000)).toBe('2K')
    expect(formatLimit(6_000_000)).toBe('6.0M')
    expect(formatLimit(4)).toBe('4')
    expect(formatPlanLimit(3_500)).toBe('3,500')
    expect(formatPlanLimit(321_000_000)).toBe('321.0M')
    expect(formatPlanLimit(-1)).toBe('∞')
  })

  it('pairs each usage with its limit', () => {
    const subscription = {
      tokens_usage: 1_200,
      conversations_usage: 3,
      agents_created: 4,
      features_limit: { tokens: 6_000_000, conversations: 400, agents: 4 },
    } as unknown as Subscription
    expect(usageFigures(subscription, ['conversations', 'tokens', 'agents'])).toEqual([
      { name: 'conversations', label: 'Conversations', used: 3, limit: 400, percent: 1 },
      { name: 'tokens', label: 'Tokens', used: 1_200, limit: 6_000_000, percent: 0 },
      { name: 'agents', label: 'Agents', used: 4, limit: 4, percent: 100 },
    ])
  })
})
