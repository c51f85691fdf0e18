// Whether to crawl the whole site (SPEC section 3: crawling) and how many pages at most.
import { BlockStack, Checkbox, TextField } from '@shopify/polaris'

export interface CrawlOptionsProps {
  crawling: boolean
  onCrawlingChange(value: boolean): void
  maxPages: string
  onMaxPagesChange(value: string): void
  maxPagesError?: string
}

export function CrawlOptions({
  crawling,
  onCrawlingChange,
  maxPages,
  onMaxPagesChange,
  maxPagesError,
}: CrawlOptionsProps) {
  return (
    <BlockStack gap="200">
      <Checkbox
        label="Crawl the whole site"
        helpText="Follow the site's links and sitemap, not only this page."
        checked={crawling}
        onChange={onCrawlingChange}
      />
      {crawling ? (
        <div className="knowledge-max-pages">
          <TextField
            label="Maximum pages"
            type="number"
            min={1}
            max={1000}
            value={maxPages}
            onChange={onMaxPagesChange}
            autoComplete="off"
            error={maxPagesError}
            helpText="Between 1 and 1000."
          />
        </div>
      ) : null}
    </BlockStack>
  )
}
