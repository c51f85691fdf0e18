import { createHmac } from 'node:crypto'

/**
 * A query as Shopify's app proxy forwards it: signed with the app's secret (HMAC-SHA256, hex) over its
 * decoded parameters grouped by key (repeated values joined by commas, in arrival order), keys sorted
 * with localeCompare, pairs concatenated with no separator.
 */
export function signedProxyQuery(entries: [string, string][], secret: string): URLSearchParams {
  const grouped = new Map<string, string[]>()
  for (const [key, value] of entries) grouped.set(key, [...(grouped.get(key) ?? []), value])
  const message = [...grouped.entries()]
    .sort(([first], [second]) => first.localeCompare(second))
    .map(([key, values]) => `${key}=${values.join(',')}`)
    .join('')
  const query = new URLSearchParams(entries)
  query.append('signature', createHmac('sha256', secret).update(message).digest('hex'))
  return query
}
