// Editing one of the user's own questions in place: the text (a plain textarea registered with the form
// helper), Cancel, and Save, which sends it only when it is not blank and differs.
import { Button, InlineStack } from '@shopify/polaris'
import { z } from 'zod'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import type { Message } from '../conversations/conversation.types.ts'

const DraftFieldsSchema = z.object({ draft: z.string().trim() })

export function MessageEditor({
  message,
  canChange,
  onSave,
  onClose,
}: {
  message: Message
  canChange: boolean
  onSave(text: string): void
  onClose(): void
}) {
  const form = useSchemaForm({ schema: DraftFieldsSchema, defaultValues: { draft: message.message_text } })
  const save = form.handleSubmit(({ draft }) => {
    if (!canChange) return
    if (draft && draft !== message.message_text) onSave(draft)
    onClose()
  })
  return (
    <div className="message__edit">
      <label className="visually-hidden" htmlFor={`edit-${message.message_id}`}>
        Edit message
      </label>
      <textarea id={`edit-${message.message_id}`} {...form.register('draft')} rows={3} autoFocus />
      <InlineStack gap="200" align="end">
        <Button size="slim" onClick={onClose}>
          Cancel
        </Button>
        <Button size="slim" variant="primary" onClick={() => void save()} disabled={!canChange}>
          Save
        </Button>
      </InlineStack>
    </div>
  )
}
