// Update a document (SPEC section 7: PUT): its name and description; the file itself stays.
import { FormLayout, Modal } from '@shopify/polaris'
import { useWatch } from 'react-hook-form'
import { type DocumentFields } from '#server/knowledge/knowledge.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { DocumentTextFieldsSchema } from './knowledge-fields.schemas.ts'
import type { DocumentItem } from './knowledge.types.ts'
import { showSavedToast } from './saved-toast.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

export function EditDocumentModal({
  agentId,
  document,
  onClose,
}: {
  agentId: string
  document: DocumentItem
  onClose(): void
}) {
  const toaster = useToast()
  const form = useSchemaForm({
    schema: DocumentTextFieldsSchema,
    defaultValues: {
      document_name: document.document_name,
      document_description: document.document_description ?? '',
    },
  })
  const name = useWatch({ control: form.control, name: 'document_name' })
  const update = useApiMutation<DocumentFields>({
    run: (client, changes) =>
      client.call(knowledgeRoutes.updateDocument, {
        params: { agentId, itemId: document.document_id },
        body: changes,
      }),
    errorTitle: 'Update failed',
    successToast: false,
    invalidates: [AGENTS_KEY],
    onSuccess: (output) => {
      showSavedToast(toaster, output, { title: 'Document updated' })
      onClose()
    },
  })
  const isBlank = !name?.trim()
  const save = () => {
    if (isBlank) return
    void form.handleSubmit((changes) => update.mutate(changes))()
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`Update ${document.document_name}`}
      primaryAction={{ content: 'Save', onAction: save, disabled: isBlank, loading: update.isPending }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <FormTextField form={form} name="document_name" label="Name" autoComplete="off" maxLength={255} />
          <FormTextField
            form={form}
            name="document_description"
            label="Description"
            autoComplete="off"
            multiline={3}
            maxLength={2000}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  )
}
