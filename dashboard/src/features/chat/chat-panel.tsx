// A conversation's messages and its message box (SPEC sections 2 and 4), used by the agent's Chat tab
// and the Conversations page. Scrolls to the newest message; the answer streams in as it is written.
import { Button, BlockStack, Spinner, Text } from '@shopify/polaris'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import type { Message } from '../conversations/conversation.types.ts'
import { messagesInOrder, messagesQuery } from '../conversations/conversations.queries.ts'
import { ChatComposer } from './chat-composer.tsx'
import { InterruptedAnswer } from './interrupted-answer.tsx'
import { MessageBubble } from './message-bubble.tsx'
import { DELETE_MESSAGE_CONFIRMATION, replacesMessages, useMessageMutations } from './message-mutations.ts'
import type { ChatSender } from './use-chat-sender.ts'
import './chat.css'

export interface ChatPanelProps {
  agentId: string
  agentName: string
  conversationId: string | null
  sender: ChatSender
  header: ReactNode
  /** Shown under the header, such as who of the team is in a visitor's chat. */
  banner?: ReactNode
  formatTime(value: string): string
  /** Widget visitors' conversations are read, not written, from the dashboard. */
  canWrite: boolean
  /** Why the message box is missing, when it is. */
  readOnlyReason?: string
  /** The user's own messages can be edited, deleted and retried (not a visitor's, in their chat). */
  editable?: boolean
  /** The message box's hint, when it is not "Message {agent}...". */
  placeholder?: string
  emptyTitle: string
  height?: number
}

export function ChatPanel({
  agentId,
  agentName,
  conversationId,
  sender,
  header,
  banner,
  formatTime,
  canWrite,
  readOnlyReason,
  editable = true,
  placeholder,
  emptyTitle,
  height,
}: ChatPanelProps) {
  const client = useApi()
  const messages = useInfiniteQuery({
    ...messagesQuery(client, agentId, conversationId ?? ''),
    enabled: Boolean(conversationId),
  })
  const { edit, remove, retry, selectVersion } = useMessageMutations()
  // An edit the server would not make without asking: it replaces this many later messages.
  const [replacing, setReplacing] = useState<{ message: Message; text: string; count: number } | null>(null)
  const list = useRef<HTMLDivElement>(null)
  const shown: Message[] = [
    ...messagesInOrder(messages.data).filter((message) => !message.is_deleted),
    ...(sender.pendingUser ? [sender.pendingUser] : []),
  ]
  const newest = shown.at(-1)?.message_id
  // Only the list scrolls to the newest message, never the page around it.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight
    // Only when a message arrives at the bottom, not when earlier ones are loaded above.
  }, [newest, sender.streamingText])
  const actions =
    conversationId && editable
      ? {
          rating: canWrite ? { agentId, conversationId } : null,
          canChange: canWrite && !sender.isSending && !retry.isPending && !edit.isPending && !selectVersion.isPending,
          onEdit: (message: Message, text: string) =>
            edit.mutate(
              { agentId, conversationId, messageId: message.message_id, text },
              {
                onSuccess: (answer) => {
                  if (answer.would_remove !== undefined) setReplacing({ message, text, count: answer.would_remove })
                },
              },
            ),
          onSelectVersion: (message: Message, version: number) =>
            selectVersion.mutate({ agentId, conversationId, messageId: message.message_id, version }),
          onDelete: (message: Message) => {
            if (window.confirm(DELETE_MESSAGE_CONFIRMATION))
              remove.mutate({ agentId, conversationId, messageId: message.message_id })
          },
          onRetry: (message: Message) => retry.mutate({ agentId, conversationId, messageId: message.message_id }),
        }
      : undefined

  return (
    <section className="chat-panel" style={height ? { height } : undefined} aria-label="Conversation">
      <header className="chat-panel__header">{header}</header>
      {banner}
      <div className="chat-panel__messages" ref={list} aria-live="polite" aria-busy={sender.isSending}>
        {!conversationId ? (
          <div className="chat-panel__empty">
            <Text as="h3" variant="headingMd">
              No Conversation Selected
            </Text>
          </div>
        ) : messages.isPending ? (
          <div className="chat-panel__empty" role="status">
            <Spinner accessibilityLabel="Loading messages" size="small" />
          </div>
        ) : messages.isError ? (
          <div className="chat-panel__empty">
            <BlockStack gap="200" inlineAlign="center">
              <Text as="h3" variant="headingMd">
                Unable to Load Messages
              </Text>
              <Button onClick={() => void messages.refetch()}>Try Again</Button>
            </BlockStack>
          </div>
        ) : shown.length === 0 ? (
          <div className="chat-panel__empty">
            <Text as="h3" variant="headingMd">
              {emptyTitle}
            </Text>
          </div>
        ) : (
          <ol className="chat-panel__list">
            {messages.hasNextPage ? (
              <li className="chat-panel__earlier">
                <Button size="slim" onClick={() => void messages.fetchNextPage()} loading={messages.isFetchingNextPage}>
                  Load earlier messages
                </Button>
              </li>
            ) : null}
            {shown.map((message) => (
              <Fragment key={message.message_id}>
                <MessageBubble
                  message={message}
                  formatTime={formatTime}
                  actions={message.sender_type === 'user' || message.sender_type === 'ai' ? actions : undefined}
                />
                <InterruptedAnswer question={message} />
              </Fragment>
            ))}
            {sender.streamingText === null && (retry.isPending || edit.isPending) ? (
              <li className="message message--ai" data-testid="message-answering-again">
                <div className="message__bubble" dir="auto">
                  <span className="typing-dots" aria-label={`${agentName} is typing`} />
                </div>
              </li>
            ) : null}
            {sender.streamingText !== null ? (
              <li className="message message--ai" data-testid="message-streaming">
                <div className="message__bubble" dir="auto">
                  {sender.streamingText ? (
                    <span className="message-text__lines">{sender.streamingText}</span>
                  ) : (
                    <span className="typing-dots" aria-label={`${agentName} is typing`} />
                  )}
                </div>
              </li>
            ) : null}
          </ol>
        )}
      </div>
      {conversationId ? (
        <ConfirmModal
          open={replacing !== null}
          title="Replace the messages after it?"
          confirmLabel="Edit and replace"
          busy={edit.isPending}
          onCancel={() => setReplacing(null)}
          onConfirm={() => {
            if (!replacing) return
            edit.mutate(
              { agentId, conversationId, messageId: replacing.message.message_id, text: replacing.text, confirm: true },
              { onSettled: () => setReplacing(null) },
            )
          }}
        >
          {replacing ? replacesMessages(replacing.count) : ''}
        </ConfirmModal>
      ) : null}
      {canWrite ? (
        <ChatComposer
          placeholder={
            conversationId ? (placeholder ?? `Message ${agentName}...`) : 'Select a conversation to start chatting'
          }
          disabled={!conversationId || sender.isSending || retry.isPending || edit.isPending || selectVersion.isPending}
          onSend={sender.send}
        />
      ) : (
        <p className="chat-panel__readonly">{readOnlyReason}</p>
      )}
    </section>
  )
}
