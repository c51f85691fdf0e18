// Zapier tab (SPEC sections 2, 4 and 5): the webhook test (idle → Testing... → idle with a toast) and
// the triggers a Zap could listen to.
import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris'
import { z } from 'zod'
import { useToast } from '../../feedback/toast-context.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { triggerZapierWebhook } from './trigger-zapier-webhook.ts'
import { WebhookEndpointsCard } from './webhook-endpoints-card.tsx'

const TRIGGERS = [
  {
    title: 'New conversation started',
    event: 'conversation.started',
    description: 'A visitor or a team member starts a conversation with an agent.',
  },
  {
    title: 'User provides contact information',
    event: 'contact.provided',
    description: 'A widget visitor leaves an e-mail address.',
  },
  {
    title: 'Conversation completed',
    event: 'conversation.completed',
    description: 'A conversation is closed by your team, or goes quiet (30 minutes without a message by default).',
  },
  {
    title: 'Custom event triggered',
    event: 'custom.event',
    description: 'An event you send yourself with POST /api/webhooks/events/ (an API key works).',
  },
  { title: 'Person requested', event: 'handoff.requested', description: 'A visitor asks to talk to a person.' },
  { title: 'Answer rated', event: 'answer.rated', description: 'Someone rates an answer up or down.' },
]

const URL_REQUIRED = 'Please enter your Zapier webhook URL'
const ZapierTestFieldsSchema = z.object({ url: z.string().trim().min(1, { error: URL_REQUIRED }) })

export function ZapierTab() {
  const toaster = useToast()
  const form = useSchemaForm({ schema: ZapierTestFieldsSchema, defaultValues: { url: '' } })
  const isTesting = form.formState.isSubmitting

  const test = form.handleSubmit(
    async ({ url }) => {
      try {
        await triggerZapierWebhook(url)
        toaster.success('Webhook triggered successfully!', "Check your Zap's history for the test event.")
      } catch {
        toaster.error('Failed to trigger webhook. Please check the URL.')
      }
    },
    () => toaster.error(URL_REQUIRED),
  )

  return (
    <BlockStack gap="400">
      <Card>
        <form onSubmit={(event) => void test(event)} noValidate aria-label="Test a Zapier webhook">
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Test your Zapier webhook
            </Text>
            <Text as="p" tone="subdued">
              Create a Zap with the “Webhooks by Zapier” Catch Hook trigger, paste its URL here and send a test event
              with the time and this page's address.
            </Text>
            <FormTextField
              form={form}
              name="url"
              label="Zapier webhook URL"
              type="url"
              autoComplete="url"
              placeholder="https://hooks.zapier.com/hooks/catch/…"
            />
            <InlineStack>
              <Button submit variant="primary" disabled={isTesting}>
                {isTesting ? 'Testing...' : 'Test Webhook'}
              </Button>
            </InlineStack>
          </BlockStack>
        </form>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Triggers
          </Text>
          <Text as="p" tone="subdued">
            The events AgentDesk sends to your webhook endpoints below, each a Zap can start from.
          </Text>
          <ul className="developer-list" aria-label="Zapier triggers">
            {TRIGGERS.map((trigger) => (
              <li key={trigger.title} className="developer-list__item">
                <BlockStack gap="100">
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="h3" variant="headingSm">
                      {trigger.title}
                    </Text>
                    <Badge>{trigger.event}</Badge>
                  </InlineStack>
                  <Text as="p" tone="subdued">
                    {trigger.description}
                  </Text>
                </BlockStack>
              </li>
            ))}
          </ul>
        </BlockStack>
      </Card>
      <WebhookEndpointsCard />
    </BlockStack>
  )
}
