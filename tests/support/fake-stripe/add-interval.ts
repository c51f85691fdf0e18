// Billing periods: touch when a price's interval should move dates differently.

/** Adds whole intervals as Stripe does: months keep the day, clamped to the month's last day (Jan 31 → Feb 28). */
export function addInterval(seconds: number, interval: string, count = 1): number {
  if (interval === 'day' || interval === 'week') return seconds + count * (interval === 'day' ? 86_400 : 604_800)
  const date = new Date(seconds * 1000)
  const months = date.getUTCMonth() + count * (interval === 'year' ? 12 : 1)
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), months + 1, 0)).getUTCDate()
  return (
    Date.UTC(
      date.getUTCFullYear(),
      months,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ) / 1000
  )
}
