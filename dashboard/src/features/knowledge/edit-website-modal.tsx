// Update a website (SPEC section 7: PUT). Only what changed is sent: the server crawls again when the
// address or the crawl limits change, not for a new name.
import { FormLayout, Modal, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { UpdateWebsiteSchema, type UpdateWebsite } from '#server/knowledge/knowledge.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { CrawlOptions } from './crawl-options.tsx'
import { fieldErrors } from './field-errors.ts'
import type { WebsiteItem } from './knowledge.types.ts'
import { withScheme } from './website-rules.ts'
import { showSavedToast } from './saved-toast.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

export function EditWebsiteModal({
  agentId,
  website,
  onClose,
}: {
  agentId: string
  website: WebsiteItem
  onClose(): void
}) {
  const toaster = useToast()
  const [name, setName] = useState(website.website_name)
  const [url, setUrl] = useState(website.website_url)
  const [crawling, setCrawling] = useState(website.crawling)
  const [maxPages, setMaxPages] = useState(String(website.max_pages ?? 50))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const update = useApiMutation<UpdateWebsite>({
    run: (client, changes) =>
      client.call(knowledgeRoutes.updateWebsite, { params: { agentId, itemId: website.website_id }, body: changes }),
    errorTitle: 'Update failed',
    successToast: false,
    invalidates: [AGENTS_KEY],
    onSuccess: (output) => {
      showSavedToast(toaster, output, { title: 'Website updated' })
      onClose()
    },
  })
  const changes: Record<string, unknown> = {}
  if (name.trim() !== website.website_name) changes.website_name = name
  if (url.trim() && withScheme(url) !== website.website_url) changes.website_url = withScheme(url)
  if (crawling !== website.crawling) changes.crawling = crawling
  if (crawling && Number(maxPages) !== (website.max_pages ?? 50)) changes.max_pages = Number(maxPages)
  const isBlank = !name.trim() || !url.trim()
  const isRecrawl = ['website_url', 'crawling', 'max_pages'].some((key) => key in changes)

  const save = () => {
    if (isBlank || Object.keys(changes).length === 0) return
    const parsed = UpdateWebsiteSchema.safeParse(changes)
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    update.mutate(parsed.data)
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`Update ${website.website_name}`}
      primaryAction={{
        content: 'Save',
        onAction: save,
        disabled: isBlank || Object.keys(changes).length === 0,
        loading: update.isPending,
      }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField
            label="Name"
            value={name}
            onChange={setName}
            autoComplete="off"
            maxLength={255}
            error={errors.website_name}
          />
          <TextField
            label="URL"
            type="url"
            value={url}
            onChange={setUrl}
            autoComplete="off"
            error={errors.website_url}
          />
          <CrawlOptions
            crawling={crawling}
            onCrawlingChange={setCrawling}
            maxPages={maxPages}
            onMaxPagesChange={setMaxPages}
            maxPagesError={errors.max_pages}
          />
          {isRecrawl ? (
            <Text as="p" variant="bodySm" tone="subdued">
              Saving crawls the website again.
            </Text>
          ) : null}
        </FormLayout>
      </Modal.Section>
    </Modal>
  )
}
