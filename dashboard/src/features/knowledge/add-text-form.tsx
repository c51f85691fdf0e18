// SPEC sections 2 and 5: the Add Text form. Name and content must both be non-blank, otherwise nothing
// happens (the button stays disabled); the server's own rules (NewTextSchema) are checked before sending.
import { Button, Card, Form, FormLayout, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { NewTextSchema, type NewText } from '#server/knowledge/knowledge.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { fieldErrors } from './field-errors.ts'
import { showSavedToast } from './saved-toast.ts'
import { useTrainsAutomatically } from './use-trains-automatically.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

/** The form's first field, which an empty Texts list's Add a text moves to. */
export const ADD_TEXT_NAME_ID = 'add-text-name'

export function AddTextForm({ agentId }: { agentId: string }) {
  const toaster = useToast()
  const trainsAutomatically = useTrainsAutomatically(agentId)
  const [title, setTitle] = useState('')
  const [content, setContent] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
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
      setTitle('')
      setContent('')
    },
  })
  const isBlank = !title.trim() || !content.trim()

  const submit = () => {
    if (isBlank || add.isPending) return
    const parsed = NewTextSchema.safeParse({ text_title: title, text_content: content })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    add.mutate(parsed.data)
  }

  return (
    <Card>
      <Form onSubmit={submit}>
        <FormLayout>
          <Text as="h2" variant="headingMd">
            Add Text
          </Text>
          <TextField
            id={ADD_TEXT_NAME_ID}
            label="Name"
            value={title}
            onChange={setTitle}
            autoComplete="off"
            maxLength={200}
            error={errors.text_title}
            placeholder="e.g. Shipping policy"
          />
          <TextField
            label="Content"
            value={content}
            onChange={setContent}
            autoComplete="off"
            multiline={5}
            error={errors.text_content}
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
