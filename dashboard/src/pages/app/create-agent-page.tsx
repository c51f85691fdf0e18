// SPEC section 2, Create Agent: name (required) and description; the button stays disabled while the
// name is empty. Success opens the new agent's page, where its knowledge is added next (issue 37); Cancel
// goes to /app/agents.
import { Banner, BlockStack, Button, Card, Form, FormLayout, InlineStack, Page } from '@shopify/polaris'
import { useWatch, type FieldErrors } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { AGENT_MESSAGES } from '#server/agents/agents.schemas.ts'
import { AgentTextFieldsSchema } from '../../features/agents/agent-fields.schemas.ts'
import { useCreateAgent } from '../../features/agents/agent-mutations.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function CreateAgentPage() {
  useDocumentTitle('Create Agent')
  const navigate = useNavigate()
  const toaster = useToast()
  const form = useSchemaForm({ schema: AgentTextFieldsSchema, defaultValues: { name: '', description: '' } })
  const name = useWatch({ control: form.control, name: 'name' })
  const create = useCreateAgent((agent) => void navigate(`/app/agents/${encodeURIComponent(agent.agent_id)}`))
  const submit = (agent: z.output<typeof AgentTextFieldsSchema>) => create.mutate(agent)
  const refused = (errors: FieldErrors<z.input<typeof AgentTextFieldsSchema>>) => {
    if (errors.name?.message === AGENT_MESSAGES.nameRequired)
      toaster.error('Agent name is required', 'Please enter an agent name')
  }
  return (
    <Page
      title="Create Agent"
      subtitle="Give your agent a name; you add its knowledge next."
      backAction={{ content: 'Agents', url: '/app/agents' }}
      narrowWidth
    >
      <BlockStack gap="400">
        <Card>
          <Form onSubmit={() => void form.handleSubmit(submit, refused)()}>
            <FormLayout>
              <FormTextField
                form={form}
                name="name"
                label="Name"
                autoComplete="off"
                maxLength={255}
                requiredIndicator
                placeholder="e.g. Support Assistant"
              />
              <FormTextField
                form={form}
                name="description"
                label="Description"
                multiline={4}
                autoComplete="off"
                placeholder="What does this agent help with?"
              />
              <InlineStack gap="200" align="end">
                <Button onClick={() => navigate('/app/agents')}>Cancel</Button>
                <Button submit variant="primary" disabled={!name.trim() || create.isPending} loading={create.isPending}>
                  Create Agent
                </Button>
              </InlineStack>
            </FormLayout>
          </Form>
        </Card>
        <Banner title="Next Steps" tone="info">
          <p>Add knowledge sources (documents, texts and websites) from the agent's detail page once it is created.</p>
        </Banner>
      </BlockStack>
    </Page>
  )
}
