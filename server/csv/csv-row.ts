// CSV as spreadsheets read it (RFC 4180), for the exports (leads, conversations).

/**
 * One CSV field: quoted when it holds a comma, quote or line break. Text a visitor typed that a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading ' (OWASP's
 * CSV injection advice).
 */
function field(value: string | null) {
  if (value === null) return ''
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** A CSV line of these fields (null: empty), ending in CRLF. */
export function csvRow(values: (string | null)[]) {
  return `${values.map(field).join(',')}\r\n`
}
