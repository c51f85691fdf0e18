import { Spinner } from '@shopify/polaris'

/** The placeholder while a page's code or first data loads; it keeps the page's height to avoid a jump. */
export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-loading" role="status">
      <Spinner accessibilityLabel={label} />
    </div>
  )
}
