// SPEC sections 2 and 5: the Add Text form. Name and content must both be non-blank, otherwise nothing
// happens (the button stays disabled); the server's own rules (NewTextSchema) are checked before sending.
import { Button, Card, Form, FormLayout, Text } from '@shopify/polaris'
import { useWatch } from 'react-hook-form'
import { type NewText } from '#server/knowledge/knowledge.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { TextFieldsSchema } from './knowledge-fields.schemas.ts'
import { showSavedToast } from './saved-toast.ts'
import { useTrainsAutomatically } from './use-trains-automatically.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

/** The form's first field, which an empty Texts list's Add a text moves to. */
export const ADD_TEXT_NAME_ID = 'add-text-name'

export function AddTextForm({ agentId }: { agentId: string }) {
  const toaster = useToast()
  const trainsAutomatically = useTrainsAutomatically(agentId)
  const form = useSchemaForm({ schema: TextFieldsSchema, defaultValues: { text_title: '', text_content: '' } })
  const [title, content] = useWatch({ control: form.control, name: ['text_title', 'text_content'] })
  const add = useApiMutation<NewText>({
    run: (client, text) => client.call(knowledgeRoutes.addText, { params: { agentId }, body: text }),
    errorTitle: 'Add failed',
    successToast: false,
    invalidates: [AGENTS_KEY],
    onSuccess: (output) => {
      showSavedToast(toaster, output, {
        title: 'Text added',
        message: trainsAutomatically
          ? 'It is being embedded; the agent uses it in a moment.'
          : 'Embed it so the agent can use it.',
      })
      form.reset()
    },
  })
  const isBlank = !title.trim() || !content.trim()

  const submit = () => {
    if (isBlank || add.isPending) return
    void form.handleSubmit((text) => add.mutate(text))()
  }

  return (
    <Card>
      <Form onSubmit={submit}>
        <FormLayout>
          <Text as="h2" variant="headingMd">
            Add Text
          </Text>
          <FormTextField
            form={form}
            name="text_title"
            id={ADD_TEXT_NAME_ID}
            label="Name"
            autoComplete="off"
            maxLength={200}
            placeholder="e.g. Shipping policy"
          />
          <FormTextField
            form={form}
            name="text_content"
            label="Content"
            autoComplete="off"
            multiline={5}
            placeholder="The words the agent should know"
          />
          <Button submit variant="primary" disabled={isBlank} loading={add.isPending}>
            Add Text
          </Button>
        </FormLayout>
      </Form>
    </Card>
  )
}
