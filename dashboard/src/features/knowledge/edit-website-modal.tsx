// Update a website (SPEC section 7: PUT). Only what changed is sent: the server crawls again when the
// address or the crawl limits change, not for a new name.
import { FormLayout, Modal, Text } from '@shopify/polaris'
import { useMemo } from 'react'
import { useWatch } from 'react-hook-form'
import { type UpdateWebsite } from '#server/knowledge/knowledge.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { CrawlOptions } from './crawl-options.tsx'
import { websiteChanges, websiteChangesSchema } from './knowledge-fields.schemas.ts'
import type { WebsiteItem } from './knowledge.types.ts'
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
  const schema = useMemo(() => websiteChangesSchema(website), [website])
  const form = useSchemaForm({
    schema,
    defaultValues: {
      website_name: website.website_name,
      website_url: website.website_url,
      crawling: website.crawling,
      max_pages: String(website.max_pages ?? 50),
    },
  })
  const fields = useWatch({ control: form.control })
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
  const name = fields.website_name ?? ''
  const url = fields.website_url ?? ''
  const changes = websiteChanges(
    { website_name: name, website_url: url, crawling: fields.crawling ?? false, max_pages: fields.max_pages ?? '' },
    website,
  )
  const isBlank = !name.trim() || !url.trim()
  const isRecrawl = ['website_url', 'crawling', 'max_pages'].some((key) => key in changes)

  const save = () => {
    if (isBlank || Object.keys(changes).length === 0) return
    void form.handleSubmit((parsed) => update.mutate(parsed))()
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
          <FormTextField form={form} name="website_name" label="Name" autoComplete="off" maxLength={255} />
          <FormTextField form={form} name="website_url" label="URL" type="url" autoComplete="off" />
          <CrawlOptions form={form} />
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
