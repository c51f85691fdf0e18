// SPEC sections 2 and 5: the Add Page form. Name and URL must both be non-blank, otherwise nothing
// happens (the button stays disabled); NewWebsiteSchema, the server's own rules, is checked first.
import { Button, Card, Form, FormLayout, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { NewWebsiteSchema, type NewWebsite } from '#server/knowledge/knowledge.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { CrawlOptions } from './crawl-options.tsx'
import { fieldErrors } from './field-errors.ts'
import { KNOWLEDGE_TIMEOUT_MS } from './knowledge-timeout.ts'
import { asAddWebsiteFailure, withScheme } from './website-rules.ts'
import { showSavedToast } from './saved-toast.ts'
import { useTrainsAutomatically } from './use-trains-automatically.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

const DEFAULT_MAX_PAGES = '50'

/** The form's first field, which an empty Websites list's Add a page moves to. */
export const ADD_WEBSITE_NAME_ID = 'add-website-name'

export function AddWebsiteForm({ agentId }: { agentId: string }) {
  const toaster = useToast()
  const trainsAutomatically = useTrainsAutomatically(agentId)
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const [crawling, setCrawling] = useState(false)
  const [maxPages, setMaxPages] = useState(DEFAULT_MAX_PAGES)
  const [errors, setErrors] = useState<Record<string, string>>({})
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
      setName('')
      setUrl('')
      setCrawling(false)
      setMaxPages(DEFAULT_MAX_PAGES)
    },
  })
  const isBlank = !name.trim() || !url.trim()

  const submit = () => {
    if (isBlank || add.isPending) return
    const parsed = NewWebsiteSchema.safeParse({
      website_name: name,
      website_url: withScheme(url),
      crawling,
      max_pages: Number(maxPages),
    })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    add.mutate(parsed.data)
  }

  return (
    <Card>
      <Form onSubmit={submit}>
        <FormLayout>
          <Text as="h2" variant="headingMd">
            Add Page
          </Text>
          <FormLayout.Group>
            <TextField
              id={ADD_WEBSITE_NAME_ID}
              label="Name"
              value={name}
              onChange={setName}
              autoComplete="off"
              maxLength={255}
              error={errors.website_name}
              placeholder="e.g. Help centre"
            />
            <TextField
              label="URL"
              type="url"
              value={url}
              onChange={setUrl}
              autoComplete="off"
              error={errors.website_url}
              placeholder="https://example.com/help"
            />
          </FormLayout.Group>
          <CrawlOptions
            crawling={crawling}
            onCrawlingChange={setCrawling}
            maxPages={maxPages}
            onMaxPagesChange={setMaxPages}
            maxPagesError={errors.max_pages}
          />
          <Button submit variant="primary" disabled={isBlank} loading={add.isPending}>
            Add Page
          </Button>
        </FormLayout>
      </Form>
    </Card>
  )
}
