// One message: the text with links and citations, its sources, a storefront answer's product cards, link
// previews, its time, and for the user's own messages edit and delete, and an edited question's versions
// (never while the agent is answering).
import { Button, Text } from '@shopify/polaris'
import { useState } from 'react'
import type { Message } from '../conversations/conversation.types.ts'
import { linkedUrls, safeHttpUrl } from './message-segments.ts'
import { AnswerRating, type RatingTarget } from './answer-rating.tsx'
import { MessageEditor } from './message-editor.tsx'
import { MessageText } from './message-text.tsx'
import { ProductsShown } from './products-shown.tsx'

export interface MessageActions {
  canChange: boolean
  /** Where the user's ratings of answers go (null: they see ratings, they do not rate). */
  rating?: RatingTarget | null
  onEdit(message: Message, text: string): void
  onDelete(message: Message): void
  onRetry?(message: Message): void
  /** Shows another version (from 1) of an edited question, with what followed it. */
  onSelectVersion?(message: Message, version: number): void
}

/** An edited question's versions, as chat assistants show them: ‹ 2 / 2 ›. */
function VersionSwitcher({ message, actions }: { message: Message; actions?: MessageActions }) {
  const versions = message.versions
  if (!versions || versions.count < 2) return null
  const go = (version: number) => actions?.onSelectVersion?.(message, version)
  const canSwitch = Boolean(actions?.onSelectVersion && actions.canChange)
  return (
    <span className="message__versions" role="group" aria-label="Versions of this question">
      <Button
        size="micro"
        variant="plain"
        onClick={() => go(versions.index - 1)}
        disabled={!canSwitch || versions.index <= 1}
        accessibilityLabel="Previous version"
      >
        ‹
      </Button>
      <Text as="span" variant="bodySm" tone="subdued">
        {`${versions.index} / ${versions.count}`}
      </Text>
      <Button
        size="micro"
        variant="plain"
        onClick={() => go(versions.index + 1)}
        disabled={!canSwitch || versions.index >= versions.count}
        accessibilityLabel="Next version"
      >
        ›
      </Button>
    </span>
  )
}

function LinkPreviews({ text }: { text: string }) {
  const urls = linkedUrls(text).slice(0, 3)
  if (urls.length === 0) return null
  return (
    <div className="link-previews">
      {urls.map((url) => {
        const address = new URL(url)
        return (
          <a key={url} className="link-preview" href={url} target="_blank" rel="noopener noreferrer nofollow">
            <span className="link-preview__host">{address.hostname}</span>
            <span className="link-preview__path">{address.pathname === '/' ? address.hostname : address.pathname}</span>
          </a>
        )
      })}
    </div>
  )
}

export function MessageBubble({
  message,
  formatTime,
  actions,
}: {
  message: Message
  formatTime(value: string): string
  actions?: MessageActions
}) {
  const [editing, setEditing] = useState(false)
  // What the chat itself says (a person joined or left, a person was asked for): a line, not a bubble.
  if (message.sender_type === 'notice')
    return (
      <li className="message message--notice" data-testid="message-notice">
        <Text as="span" variant="bodySm" tone="subdued">
          {message.message_text} · {formatTime(message.timestamp)}
        </Text>
      </li>
    )
  const mine = message.sender_type === 'user'
  const cited = (message.sources ?? []).filter((source) => message.message_text.includes(`[${source.number}]`))
  return (
    <li
      className={`message message--${mine ? 'user' : 'ai'}${message.pending ? ' message--pending' : ''}`}
      data-testid={`message-${message.sender_type}`}
    >
      <div className="message__bubble" dir="auto">
        {message.sender_type === 'person' ? (
          <span className="message__author">{`${message.sender_name ?? 'Team'} (team)`}</span>
        ) : null}
        {editing ? (
          <MessageEditor
            message={message}
            canChange={actions?.canChange ?? false}
            onSave={(text) => actions?.onEdit(message, text)}
            onClose={() => setEditing(false)}
          />
        ) : (
          <MessageText text={message.message_text} sources={message.sources} />
        )}
        {!mine && cited.length > 0 ? (
          <ol className="message__sources" aria-label="Sources">
            {cited.map((source) => (
              <li key={source.number} value={source.number}>
                {source.url && safeHttpUrl(source.url) ? (
                  <a href={safeHttpUrl(source.url) ?? undefined} target="_blank" rel="noopener noreferrer nofollow">
                    {source.title ?? source.url}
                  </a>
                ) : (
                  <span>{source.title ?? 'Untitled source'}</span>
                )}
                {source.page ? <span>, page {source.page}</span> : null}
              </li>
            ))}
          </ol>
        ) : null}
        {message.sender_type === 'ai' ? <ProductsShown products={message.products ?? []} /> : null}
        {!editing ? <LinkPreviews text={message.message_text} /> : null}
      </div>
      <div className="message__meta">
        <Text as="span" variant="bodySm" tone="subdued">
          {message.pending ? 'Sending...' : formatTime(message.timestamp)}
          {message.edited_at ? ' · edited' : ''}
        </Text>
        {mine ? <VersionSwitcher message={message} actions={actions} /> : null}
        {mine && message.answer_failed && actions?.onRetry && actions.canChange ? (
          <Button size="micro" variant="plain" tone="critical" onClick={() => actions.onRetry?.(message)}>
            Answer failed · Retry
          </Button>
        ) : null}
        {message.sender_type === 'ai' && message.reply_to && (actions?.rating || message.feedback?.visitor) ? (
          <AnswerRating message={message} target={actions?.rating ?? null} />
        ) : null}
        {mine && !message.pending && actions && !editing ? (
          <span className="message__actions">
            <Button
              size="micro"
              variant="plain"
              onClick={() => setEditing(true)}
              disabled={!actions.canChange}
              accessibilityLabel="Edit message"
            >
              Edit
            </Button>
            <Button
              size="micro"
              variant="plain"
              tone="critical"
              onClick={() => actions.onDelete(message)}
              disabled={!actions.canChange}
              accessibilityLabel="Delete message"
            >
              Delete
            </Button>
          </span>
        ) : null}
      </div>
    </li>
  )
}
