// The Zapier tab's endpoints (issue 21): the account's webhook endpoints, each with the events it hears and
// its delivery log; adding one shows its signing secret once.
import { Banner, BlockStack, Button, Card, Checkbox, InlineStack, SkeletonBodyText, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { WEBHOOK_EVENTS, type EndpointView, type WebhookEvent } from '#server/webhooks/webhooks.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { copyText } from '../widgets/copy-text.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { WebhookDeliveries } from './webhook-deliveries.tsx'
import { endpointsQuery, useCreateEndpoint, useDeleteEndpoint } from './webhooks.queries.ts'

// The server checks the address (its answer is the toast); the button waits for one and an event.
const EndpointFieldsSchema = z.object({ url: z.string().trim(), events: z.array(z.enum(WEBHOOK_EVENTS)) })

export function WebhookEndpointsCard() {
  const client = useApi()
  const toaster = useToast()
  const endpoints = useQuery(endpointsQuery(client))
  const form = useSchemaForm({ schema: EndpointFieldsSchema, defaultValues: { url: '', events: [...WEBHOOK_EVENTS] } })
  const [url, events] = useWatch({ control: form.control, name: ['url', 'events'] })
  const [secret, setSecret] = useState<string | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const create = useCreateEndpoint((created) => {
    setSecret(created.secret)
    form.setValue('url', '')
  })
  const remove = useDeleteEndpoint()
  const submit = form.handleSubmit((endpoint) => create.mutate(endpoint))
  const toggle = (name: WebhookEvent, on: boolean) =>
    form.setValue('events', on ? [...events, name] : events.filter((item) => item !== name))

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Webhook endpoints
          </Text>
          <Text as="p" tone="subdued">
            AgentDesk posts each event you choose to the address, signed as the Standard Webhooks specification
            describes (webhook-id, webhook-timestamp, webhook-signature), and tries again for about 20 minutes when it
            fails. A Zap's catch hook URL works here.
          </Text>
        </BlockStack>
        {secret ? (
          <Banner
            tone="warning"
            title="Copy the signing secret now: it is not shown again"
            onDismiss={() => setSecret(null)}
            action={{
              content: 'Copy secret',
              onAction: () =>
                void copyText(secret)
                  .then(() => toaster.success('Copied to clipboard!'))
                  .catch((error: unknown) => toaster.error('Copy failed', String(error))),
            }}
          >
            <code className="webhook-secret" data-testid="webhook-secret">
              {secret}
            </code>
          </Banner>
        ) : null}
        <form onSubmit={(event) => void submit(event)} aria-label="Add a webhook endpoint">
          <BlockStack gap="300">
            <FormTextField
              form={form}
              name="url"
              label="Endpoint URL"
              type="url"
              autoComplete="url"
              placeholder="https://hooks.zapier.com/hooks/catch/…"
            />
            <fieldset className="webhook-events">
              <legend>Events</legend>
              {WEBHOOK_EVENTS.map((name) => (
                <Checkbox key={name} label={name} checked={events.includes(name)} onChange={(on) => toggle(name, on)} />
              ))}
            </fieldset>
            <InlineStack>
              <Button submit variant="primary" loading={create.isPending} disabled={!url.trim() || events.length === 0}>
                Add endpoint
              </Button>
            </InlineStack>
          </BlockStack>
        </form>
        {endpoints.isPending ? (
          <SkeletonBodyText lines={3} />
        ) : endpoints.isError ? (
          <Banner tone="critical" title="Unable to load the endpoints">
            <InlineStack gap="200" blockAlign="center">
              <Text as="span">{endpoints.error.message}</Text>
              <Button onClick={() => void endpoints.refetch()}>Try Again</Button>
            </InlineStack>
          </Banner>
        ) : endpoints.data.length === 0 ? (
          <Text as="p" tone="subdued">
            No endpoints yet.
          </Text>
        ) : (
          <ul className="developer-list" aria-label="Webhook endpoints">
            {endpoints.data.map((endpoint: EndpointView) => (
              <li key={endpoint.endpoint_id} className="developer-list__item" data-testid="webhook-endpoint">
                <BlockStack gap="200">
                  <Text as="p" fontWeight="semibold" breakWord>
                    {endpoint.url}
                  </Text>
                  <Text as="p" variant="bodySm" tone="subdued">
                    {endpoint.events.join(', ')}
                  </Text>
                  <InlineStack gap="200">
                    <Button
                      size="slim"
                      onClick={() => setOpen(open === endpoint.endpoint_id ? null : endpoint.endpoint_id)}
                    >
                      {open === endpoint.endpoint_id ? 'Hide deliveries' : 'Deliveries'}
                    </Button>
                    <Button
                      size="slim"
                      tone="critical"
                      variant="plain"
                      onClick={() => {
                        if (window.confirm('Delete this webhook endpoint? Events stop reaching it.'))
                          remove.mutate(endpoint.endpoint_id)
                      }}
                    >
                      Delete
                    </Button>
                  </InlineStack>
                  {open === endpoint.endpoint_id ? <WebhookDeliveries endpointId={endpoint.endpoint_id} /> : null}
                </BlockStack>
              </li>
            ))}
          </ul>
        )}
      </BlockStack>
    </Card>
  )
}
