// One conversation in the list: initials avatar, name, last message, date (MMM d), where it came from
// (unless the dashboard), unread badge.
import { Badge, Text } from '@shopify/polaris'
import { formatMonthDay } from '../../shared/format/format-dates.ts'
import { ChannelBadge } from './channel-badge.tsx'
import type { Conversation } from '../conversations/conversation.types.ts'

const initialsOf = (name: string) => (name.trim().slice(0, 2) || '?').toUpperCase()

export function ConversationListItem({
  conversation,
  selected,
  onSelect,
}: {
  conversation: Conversation
  selected: boolean
  onSelect(): void
}) {
  return (
    <li>
      <button
        type="button"
        className={`conversation-item${selected ? ' is-selected' : ''}`}
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        data-testid="conversation-item"
      >
        <span className="conversation-item__avatar" aria-hidden="true">
          {initialsOf(conversation.name)}
        </span>
        <span className="conversation-item__body">
          <span className="conversation-item__top">
            <Text as="span" fontWeight="semibold" truncate>
              {conversation.is_favorite ? '★ ' : ''}
              {conversation.name}
            </Text>
            <Text as="span" variant="bodySm" tone="subdued">
              {formatMonthDay(conversation.timestamp)}
            </Text>
          </span>
          <span className="conversation-item__bottom">
            <Text as="span" variant="bodySm" tone="subdued" truncate>
              {conversation.last_message || 'No messages yet'}
            </Text>
            <ChannelBadge channel={conversation.channel} />
            {conversation.person ? (
              <Badge tone="success">{`${conversation.person.name} is in`}</Badge>
            ) : conversation.person_requested_at ? (
              <Badge tone="warning">Asks for a person</Badge>
            ) : null}
            {conversation.unread > 0 ? (
              <Badge tone="info" toneAndProgressLabelOverride={`${conversation.unread} unread`}>
                {String(conversation.unread)}
              </Badge>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  )
}
