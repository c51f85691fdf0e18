export interface UsagePeriod {
  start: Date
  end: Date
}

/**
 * The end of a subscription that runs until its provider ends it (Shopify Billing renews without a word
 * at each renewal): its periods are monthly from its start, and screens show the current period's end.
 */
export const UNTIL_PROVIDER_ENDS_IT = new Date('9999-01-01T00:00:00.000Z')

/** Whether the subscription runs until its provider ends it, rather than to a date it was given. */
export const runsUntilEnded = (subscription: { currentPeriodEnd: Date }) =>
  subscription.currentPeriodEnd.getTime() >= UNTIL_PROVIDER_ENDS_IT.getTime()

/** The calendar month (UTC) holding the moment: the period of an account without a live subscription. */
export function calendarMonthOf(moment: Date): UsagePeriod {
  return {
    start: new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), 1)),
    end: new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth() + 1, 1)),
  }
}

/** The anchor moved by whole months, the day kept where the month has it (Jan 31 + 1 month = Feb 28 or 29), as card billing does. */
export function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear()
  const month = anchor.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  )
}

/**
 * The billing period holding the moment, of a subscription running from `start` to `end`: monthly from
 * its start, the last one cut short at its end (a 14-day trial is one period; a plan granted for a year
 * has twelve). Computed from the dates alone, so a period rolls over without any job running.
 */
export function billingPeriodOf(subscription: { start: Date; end: Date }, moment: Date): UsagePeriod {
  const { start, end } = subscription
  let months = Math.max(
    0,
    (moment.getUTCFullYear() - start.getUTCFullYear()) * 12 + moment.getUTCMonth() - start.getUTCMonth(),
  )
  while (months > 0 && addMonths(start, months) > moment) months -= 1
  while (addMonths(start, months + 1) <= moment) months += 1
  const periodEnd = addMonths(start, months + 1)
  return { start: addMonths(start, months), end: periodEnd < end ? periodEnd : end }
}
