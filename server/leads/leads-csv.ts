import type { LeadView } from './leads.schemas.ts'

const COLUMNS = ['email', 'name', 'page_url', 'website_name', 'conversation_id', 'created_at'] as const

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text a visitor typed that
 * a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading ' (OWASP's
 * CSV injection advice).
 */
function field(value: string | null) {
  if (value === null) return ''
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export const LEADS_CSV_HEADER = `${COLUMNS.join(',')}\r\n`

export function leadCsvRow(lead: LeadView) {
  return `${COLUMNS.map((column) => field(lead[column])).join(',')}\r\n`
}
