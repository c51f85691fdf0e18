// Update a text (SPEC section 7: PUT): its title and content. An embedded text whose words change is
// embedded again by the server, so the agent's answers follow the edit.
import { FormLayout, Modal, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { NewTextSchema, type UpdateText } from '#server/knowledge/knowledge.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { fieldErrors } from './field-errors.ts'
import type { TextItem } from './knowledge.types.ts'
import { showSavedToast } from './saved-toast.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

export function EditTextModal({ agentId, text, onClose }: { agentId: string; text: TextItem; onClose(): void }) {
  const toaster = useToast()
  const [title, setTitle] = useState(text.text_title ?? '')
  const [content, setContent] = useState(text.text_content)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const update = useApiMutation<UpdateText>({
    run: (client, changes) =>
      client.call(knowledgeRoutes.updateText, { params: { agentId, itemId: text.text_id }, body: changes }),
    errorTitle: 'Update failed',
    successToast: false,
    invalidates: [AGENTS_KEY],
    onSuccess: (output) => {
      showSavedToast(toaster, output, {
        title: 'Text updated',
        message: text.embedded ? 'It is being embedded again with its new words.' : undefined,
      })
      onClose()
    },
  })
  const isBlank = !title.trim() || !content.trim()
  const save = () => {
    if (isBlank) return
    const parsed = NewTextSchema.safeParse({ text_title: title, text_content: content })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    update.mutate({ text_title: parsed.data.text_title, text_content: parsed.data.text_content })
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`Update ${text.text_title || `Text ${text.text_id}`}`}
      primaryAction={{ content: 'Save', onAction: save, disabled: isBlank, loading: update.isPending }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField
            label="Title"
            value={title}
            onChange={setTitle}
            autoComplete="off"
            maxLength={200}
            error={errors.text_title}
          />
          <TextField
            label="Content"
            value={content}
            onChange={setContent}
            autoComplete="off"
            multiline={8}
            error={errors.text_content}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  )
}
