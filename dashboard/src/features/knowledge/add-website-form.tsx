// SPEC sections 2 and 5: the Add Page form. Name and URL must both be non-blank, otherwise nothing
// happens (the button stays disabled); NewWebsiteSchema, the server's own rules, is checked first.
import { Button, Card, Form, FormLayout, Text } from '@shopify/polaris'
import { useWatch } from 'react-hook-form'
import { type NewWebsite } from '#server/knowledge/knowledge.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { CrawlOptions } from './crawl-options.tsx'
import { NewWebsiteFieldsSchema, type WebsiteFields } from './knowledge-fields.schemas.ts'
import { KNOWLEDGE_TIMEOUT_MS } from './knowledge-timeout.ts'
import { asAddWebsiteFailure } from './website-rules.ts'
import { showSavedToast } from './saved-toast.ts'
import { useTrainsAutomatically } from './use-trains-automatically.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

const EMPTY: WebsiteFields = { website_name: '', website_url: '', crawling: false, max_pages: '50' }

/** The form's first field, which an empty Websites list's Add a page moves to. */
export const ADD_WEBSITE_NAME_ID = 'add-website-name'

export function AddWebsiteForm({ agentId }: { agentId: string }) {
  const toaster = useToast()
  const trainsAutomatically = useTrainsAutomatically(agentId)
  const form = useSchemaForm({ schema: NewWebsiteFieldsSchema, defaultValues: EMPTY })
  const [name, url] = useWatch({ control: form.control, name: ['website_name', 'website_url'] })
  const add = useApiMutation<NewWebsite>({
    run: async (client, website) => {
      try {
        return await client.call(knowledgeRoutes.addWebsite, {
          params: { agentId },
          body: website,
          timeoutMs: KNOWLEDGE_TIMEOUT_MS,
        })
      } catch (error) {
        throw asAddWebsiteFailure(error)
      }
    },
    errorTitle: 'Add failed',
    successToast: false,
    invalidates: [AGENTS_KEY],
    onSuccess: (output) => {
      showSavedToast(toaster, output, {
        title: 'Website added',
        message: trainsAutomatically
          ? 'It is being crawled, then embedded: the agent uses it once both are done.'
          : 'It is being crawled; embed it once it is crawled.',
      })
      form.reset(EMPTY)
    },
  })
  const isBlank = !name.trim() || !url.trim()

  const submit = () => {
    if (isBlank || add.isPending) return
    void form.handleSubmit((website) => add.mutate(website))()
  }

  return (
    <Card>
      <Form onSubmit={submit}>
        <FormLayout>
          <Text as="h2" variant="headingMd">
            Add Page
          </Text>
          <FormLayout.Group>
            <FormTextField
              form={form}
              name="website_name"
              id={ADD_WEBSITE_NAME_ID}
              label="Name"
              autoComplete="off"
              maxLength={255}
              placeholder="e.g. Help centre"
            />
            <FormTextField
              form={form}
              name="website_url"
              label="URL"
              type="url"
              autoComplete="off"
              placeholder="https://example.com/help"
            />
          </FormLayout.Group>
          <CrawlOptions form={form} />
          <Button submit variant="primary" disabled={isBlank} loading={add.isPending}>
            Add Page
          </Button>
        </FormLayout>
      </Form>
    </Card>
  )
}
