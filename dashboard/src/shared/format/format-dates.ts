// The SPEC's date and time formats: list dates like "MMM d", message times like "h:mm a" or "HH:mm".
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })
const twelveHour = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true })
const twentyFourHour = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false })
const longDate = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' })

function parse(value: string | null | undefined): Date | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "Mar 5" */
export const formatMonthDay = (value: string | null | undefined) =>
  parse(value) ? monthDay.format(parse(value) as Date) : ''
/** "3:07 PM" */
export const formatTime12 = (value: string | null | undefined) =>
  parse(value) ? twelveHour.format(parse(value) as Date) : ''
/** "15:07" */
export const formatTime24 = (value: string | null | undefined) =>
  parse(value) ? twentyFourHour.format(parse(value) as Date) : ''
/** The local date, e.g. "Mar 5, 2026" */
export const formatDate = (value: string | null | undefined) =>
  parse(value) ? longDate.format(parse(value) as Date) : '—'
