// Cursor pagination as Shopify's connections answer it: `first` capped by the fake's page size, opaque cursors.

const cursorOf = (index: number) => Buffer.from(`cursor:${index}`).toString('base64url')
const indexOfCursor = (cursor: unknown) =>
  typeof cursor === 'string' ? Number(Buffer.from(cursor, 'base64url').toString().slice('cursor:'.length)) + 1 : 0

export function pageOf<T>(items: T[], variables: Record<string, unknown>, maxPageSize: number) {
  const start = indexOfCursor(variables.cursor)
  const size = Math.min(Number(variables.first ?? 50), maxPageSize)
  const slice = items.slice(start, start + size)
  const last = start + slice.length - 1
  return {
    nodes: slice,
    pageInfo: { hasNextPage: start + size < items.length, endCursor: slice.length > 0 ? cursorOf(last) : null },
  }
}
