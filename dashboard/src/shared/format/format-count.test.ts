import { describe, expect, it } from 'vitest'
import { formatCount } from './format-count.ts'

describe('formatCount', () => {
  it('shortens whole thousands to K without decimals and whole tenths of a million to M with one', () => {
    expect(formatCount(4_000)).toBe('4K')
    expect(formatCount(100_000)).toBe('100K')
    expect(formatCount(6_000_000)).toBe('6.0M')
    expect(formatCount(11_000_000)).toBe('11.0M')
    expect(formatCount(1_500_000)).toBe('1.5M')
  })

  it('never rounds: what a short form would round is shown exactly, with thousands separators', () => {
    expect(formatCount(3_500)).toBe('3,500')
    expect(formatCount(6_500)).toBe('6,500')
    expect(formatCount(999_999)).toBe('999,999')
    expect(formatCount(1_250_000)).toBe('1,250,000')
    expect(formatCount(1_001)).toBe('1,001')
  })

  it('shows small numbers as they are and infinity as ∞', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(-2_500)).toBe('-2,500')
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('∞')
  })
})
