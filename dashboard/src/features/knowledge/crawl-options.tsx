// Whether to crawl the whole site (SPEC section 3: crawling) and how many pages at most: the crawl
// fields of a website form.
import { BlockStack } from '@shopify/polaris'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { FormCheckbox } from '../../forms/form-checkbox.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import type { WebsiteFields } from './knowledge-fields.schemas.ts'

export function CrawlOptions<O>({ form }: { form: UseFormReturn<WebsiteFields, unknown, O> }) {
  const crawling = useWatch({ control: form.control, name: 'crawling' })
  return (
    <BlockStack gap="200">
      <FormCheckbox
        form={form}
        name="crawling"
        label="Crawl the whole site"
        helpText="Follow the site's links and sitemap, not only this page."
      />
      {crawling ? (
        <div className="knowledge-max-pages">
          <FormTextField
            form={form}
            name="max_pages"
            label="Maximum pages"
            type="number"
            min={1}
            max={1000}
            autoComplete="off"
            helpText="Between 1 and 1000."
          />
        </div>
      ) : null}
    </BlockStack>
  )
}
