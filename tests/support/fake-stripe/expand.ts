// Stripe's `expand` parameter: ids in an answer replaced by the objects they name.

/** Replaces the ids at each `expand` path (`items.data.price.product`, `latest_invoice`) by their objects. */
export function expandPaths(value: unknown, path: string[], find: (id: string) => unknown): unknown {
  const [head, ...rest] = path
  if (head === undefined) return value
  if (Array.isArray(value)) return value.map((item) => expandPaths(item, path, find))
  if (typeof value !== 'object' || value === null) return value
  const field = (value as Record<string, unknown>)[head]
  const resolved = typeof field === 'string' ? (find(field) ?? field) : field
  return { ...value, [head]: expandPaths(resolved, rest, find) }
}
