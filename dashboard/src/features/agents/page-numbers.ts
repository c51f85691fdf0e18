// SPEC section 2, Agents list pagination: the first and last pages, the current page ±1, and ellipses
// where pages are skipped.
export type PageItem = number | 'ellipsis'

export function pageNumbers(current: number, total: number): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : []
  const shown = new Set([1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total))
  const pages = [...shown].sort((a, b) => a - b)
  const items: PageItem[] = []
  for (const [index, page] of pages.entries()) {
    const previous = pages[index - 1]
    if (previous !== undefined && page - previous > 1) items.push('ellipsis')
    items.push(page)
  }
  return items
}
