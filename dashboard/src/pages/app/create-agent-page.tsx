// SPEC section 2, Create Agent: name (required) and description; the button stays disabled while the
// name is empty. Success opens the new agent's page, where its knowledge is added next (issue 37); Cancel
// goes to /app/agents.
import { Banner, BlockStack, Button, Card, Form, FormLayout, InlineStack, Page, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { AGENT_MESSAGES } from '#server/agents/agents.schemas.ts'
import { useCreateAgent } from '../../features/agents/agent-mutations.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function CreateAgentPage() {
  useDocumentTitle('Create Agent')
  const navigate = useNavigate()
  const toaster = useToast()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [error, setError] = useState<string | undefined>()
  const create = useCreateAgent((agent) => void navigate(`/app/agents/${encodeURIComponent(agent.agent_id)}`))
  const submit = () => {
    if (!name.trim()) {
      setError(AGENT_MESSAGES.nameRequired)
      toaster.error('Agent name is required', 'Please enter an agent name')
      return
    }
    create.mutate({ name, description })
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
          <Form onSubmit={submit}>
            <FormLayout>
              <TextField
                label="Name"
                value={name}
                onChange={(value) => (setName(value), setError(undefined))}
                error={error}
                autoComplete="off"
                maxLength={255}
                requiredIndicator
                placeholder="e.g. Support Assistant"
              />
              <TextField
                label="Description"
                value={description}
                onChange={setDescription}
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
