// Update a text (SPEC section 7: PUT): its title and content. An embedded text whose words change is
// embedded again by the server, so the agent's answers follow the edit.
import { FormLayout, Modal } from '@shopify/polaris'
import { useWatch } from 'react-hook-form'
import { type UpdateText } from '#server/knowledge/knowledge.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { TextFieldsSchema } from './knowledge-fields.schemas.ts'
import type { TextItem } from './knowledge.types.ts'
import { showSavedToast } from './saved-toast.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

export function EditTextModal({ agentId, text, onClose }: { agentId: string; text: TextItem; onClose(): void }) {
  const toaster = useToast()
  const form = useSchemaForm({
    schema: TextFieldsSchema,
    defaultValues: { text_title: text.text_title ?? '', text_content: text.text_content },
  })
  const [title, content] = useWatch({ control: form.control, name: ['text_title', 'text_content'] })
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
    void form.handleSubmit((changes) => update.mutate(changes))()
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
          <FormTextField form={form} name="text_title" label="Title" autoComplete="off" maxLength={200} />
          <FormTextField form={form} name="text_content" label="Content" autoComplete="off" multiline={8} />
        </FormLayout>
      </Modal.Section>
    </Modal>
  )
}
