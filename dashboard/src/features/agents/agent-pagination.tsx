import { Button } from '@shopify/polaris'
import { pageNumbers } from './page-numbers.ts'

export function AgentPagination({
  page,
  totalPages,
  onPage,
}: {
  page: number
  totalPages: number
  onPage(page: number): void
}) {
  if (totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label="Agent pages">
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)} accessibilityLabel="Previous page">
        ‹
      </Button>
      {pageNumbers(page, totalPages).map((item, index) =>
        item === 'ellipsis' ? (
          <span key={`gap-${index}`} className="pagination__ellipsis" aria-hidden="true">
            …
          </span>
        ) : (
          <Button key={item} pressed={item === page} onClick={() => onPage(item)} accessibilityLabel={`Page ${item}`}>
            {String(item)}
          </Button>
        ),
      )}
      <Button disabled={page >= totalPages} onClick={() => onPage(page + 1)} accessibilityLabel="Next page">
        ›
      </Button>
    </nav>
  )
}
