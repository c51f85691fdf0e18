// The message box: Enter sends, Shift+Enter starts a new line; empty text is not sent. A plain textarea,
// registered with the form helper (decision 055).
import { Button } from '@shopify/polaris'
import { SendIcon } from '@shopify/polaris-icons'
import type { KeyboardEvent } from 'react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { useSchemaForm } from '../../forms/use-schema-form.ts'

const MessageFieldsSchema = z.object({ text: z.string().trim() })

export function ChatComposer({
  placeholder,
  disabled,
  onSend,
}: {
  placeholder: string
  disabled: boolean
  onSend(text: string): Promise<boolean>
}) {
  const form = useSchemaForm({ schema: MessageFieldsSchema, defaultValues: { text: '' } })
  const text = useWatch({ control: form.control, name: 'text' })
  const submit = form.handleSubmit(async ({ text: message }) => {
    if (!message || disabled) return
    form.setValue('text', '')
    const sent = await onSend(message)
    if (!sent && !form.getValues('text')) form.setValue('text', message)
  })
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void submit()
    }
  }
  return (
    <form className="chat-composer" onSubmit={(event) => void submit(event)}>
      <label className="visually-hidden" htmlFor="chat-input">
        Message
      </label>
      <textarea
        id="chat-input"
        className="chat-composer__input"
        rows={1}
        {...form.register('text')}
        placeholder={placeholder}
        onKeyDown={onKeyDown}
        readOnly={disabled}
        aria-disabled={disabled}
        maxLength={10_000}
      />
      <Button
        submit
        variant="primary"
        icon={SendIcon}
        disabled={disabled || !text.trim()}
        accessibilityLabel="Send message"
      />
    </form>
  )
}
