// A value shown as text with an edit icon; editing swaps in a field with confirm and cancel (SPEC
// section 2: team names, member names and roles are "editable inline with confirm and cancel").
// Enter confirms, Escape cancels, and focus returns to the edit icon afterwards.
import { Button, InlineStack } from '@shopify/polaris'
import { CheckIcon, EditIcon, XIcon } from '@shopify/polaris-icons'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { z } from 'zod'
import { FormSelect } from '../../forms/form-select.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'

export interface InlineEditProps {
  /** What the value is, e.g. "name of Alice": the hidden field label and the buttons' names ("Edit name of Alice"). */
  label: string
  value: string
  /** Shown while not editing; the value itself by default. */
  children?: ReactNode
  /** With options the editor is a select, otherwise a text field. */
  options?: { label: string; value: string }[]
  validate?(value: string): string | undefined
  /** Resolves when saved (the editor closes); rejects to keep it open (the failure is already shown). */
  onSave(value: string): Promise<unknown>
  /** Read-only: no edit icon. */
  readOnly?: boolean
}

/** The draft, refused with validate's message (the server's schema, in the callers). */
const draftSchema = (validate?: (value: string) => string | undefined) =>
  z.object({
    draft: z.string().superRefine((value, context) => {
      const problem = validate?.(value)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    }),
  })

export function InlineEdit({ label, value, children, options, validate, onSave, readOnly = false }: InlineEditProps) {
  const fieldId = useId()
  const [isEditing, setIsEditing] = useState(false)
  const schema = useMemo(() => draftSchema(validate), [validate])
  const form = useSchemaForm({ schema, defaultValues: { draft: value } })
  const isSaving = form.formState.isSubmitting
  const editButton = useRef<HTMLSpanElement>(null)
  const wasEditing = useRef(false)

  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.querySelector('button')?.focus()
    wasEditing.current = isEditing
  }, [isEditing])

  const start = () => {
    form.reset({ draft: value })
    setIsEditing(true)
  }
  const cancel = () => setIsEditing(false)
  const confirm = form.handleSubmit(async ({ draft }) => {
    if (draft.trim() === value.trim()) return setIsEditing(false)
    try {
      await onSave(options ? draft : draft.trim())
      setIsEditing(false)
    } catch {
      // The failure toast is already shown; the draft stays for another try.
    }
  })
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') cancel()
    if (event.key === 'Enter' && !options) {
      event.preventDefault()
      void confirm()
    }
  }

  if (!isEditing) {
    return (
      <InlineStack gap="100" blockAlign="center" wrap={false}>
        <div className="inline-edit__value">{children ?? value}</div>
        {!readOnly && (
          <span ref={editButton}>
            <Button variant="tertiary" icon={EditIcon} accessibilityLabel={`Edit ${label}`} onClick={start} />
          </span>
        )}
      </InlineStack>
    )
  }
  return (
    <div className="inline-edit" onKeyDown={onKeyDown}>
      <div className="inline-edit__field">
        {options ? (
          <FormSelect
            form={form}
            name="draft"
            id={fieldId}
            label={label}
            labelHidden
            options={options}
            disabled={isSaving}
          />
        ) : (
          <FormTextField
            form={form}
            name="draft"
            id={fieldId}
            label={label}
            labelHidden
            autoComplete="off"
            disabled={isSaving}
            autoFocus
          />
        )}
      </div>
      <Button
        icon={CheckIcon}
        accessibilityLabel={`Save ${label}`}
        onClick={() => void confirm()}
        loading={isSaving}
        variant="primary"
      />
      <Button icon={XIcon} accessibilityLabel={`Cancel editing ${label}`} onClick={cancel} disabled={isSaving} />
    </div>
  )
}
