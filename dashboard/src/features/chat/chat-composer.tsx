// The message box: Enter sends, Shift+Enter starts a new line; empty text is not sent.
import { Button } from '@shopify/polaris'
import { SendIcon } from '@shopify/polaris-icons'
import { useState, type KeyboardEvent } from 'react'

export function ChatComposer({
  placeholder,
  disabled,
  onSend,
}: {
  placeholder: string
  disabled: boolean
  onSend(text: string): Promise<boolean>
}) {
  const [text, setText] = useState('')
  const submit = async () => {
    const message = text.trim()
    if (!message || disabled) return
    setText('')
    const sent = await onSend(message)
    if (!sent) setText((current) => current || message)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void submit()
    }
  }
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <label className="visually-hidden" htmlFor="chat-input">
        Message
      </label>
      <textarea
        id="chat-input"
        className="chat-composer__input"
        rows={1}
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
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
