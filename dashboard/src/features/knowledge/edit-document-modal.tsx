// Update a document (SPEC section 7: PUT): its name and description; the file itself stays.
import { FormLayout, Modal, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { DocumentFieldsSchema, type DocumentFields } from '#server/knowledge/knowledge.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { fieldErrors } from './field-errors.ts'
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
  const [name, setName] = useState(document.document_name)
  const [description, setDescription] = useState(document.document_description ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
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
  const isBlank = !name.trim()
  const save = () => {
    if (isBlank) return
    const parsed = DocumentFieldsSchema.safeParse({ document_name: name, document_description: description })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    update.mutate({ document_name: parsed.data.document_name, document_description: parsed.data.document_description })
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
          <TextField
            label="Name"
            value={name}
            onChange={setName}
            autoComplete="off"
            maxLength={255}
            error={errors.document_name}
          />
          <TextField
            label="Description"
            value={description}
            onChange={setDescription}
            autoComplete="off"
            multiline={3}
            maxLength={2000}
            error={errors.document_description}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  )
}
