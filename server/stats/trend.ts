import type { Trend } from './stats.schemas.ts'

/** A trend as the dashboard shows it: the change in percent against the previous period. */
export function trendOf(current: number, previous: number): Trend {
  if (previous === 0) return { value: current > 0 ? 100 : 0, isPositive: current >= 0 }
  return { value: Math.round(((current - previous) / previous) * 1000) / 10, isPositive: current >= previous }
}
