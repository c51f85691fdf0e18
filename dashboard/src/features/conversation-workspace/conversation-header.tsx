// The right column's header: name, "with {agent}", last active date, status, and the conversation's actions.
import { Badge, BlockStack, Button, InlineStack, Text } from '@shopify/polaris'
import { ArchiveIcon, ArrowLeftIcon, DeleteIcon, StarFilledIcon, StarIcon } from '@shopify/polaris-icons'
import { formatDate } from '../../shared/format/format-dates.ts'
import { AccessNote } from '../agents/agent-access.tsx'
import type { Conversation } from '../conversations/conversation.types.ts'

const STATUS_TONE = { active: 'success', pending: 'attention', completed: undefined } as const

/**
 * Where the chat stands, from the server's view of it: a team member in it (live takeover: the visitor's
 * last message waits for them, not for the agent), a person asked for, else the SPEC's status.
 */
function statusOf(conversation: Conversation): { label: string; tone?: 'success' | 'attention' | 'warning' | 'info' } {
  if (conversation.person && conversation.is_active) return { label: `With ${conversation.person.name}`, tone: 'info' }
  if (conversation.person_requested_at && conversation.is_active) return { label: 'Asks for a person', tone: 'warning' }
  return {
    label: conversation.status.charAt(0).toUpperCase() + conversation.status.slice(1),
    tone: STATUS_TONE[conversation.status],
  }
}

export interface ConversationHeaderProps {
  conversation: Conversation
  /**
   * Whether the caller may change the conversation (favourite, archive, delete): not a viewer of its agent.
   * With All Agents chosen too: SPEC section 4 let them work only with one agent chosen (issue 37).
   */
  canChange: boolean
  onBack(): void
  onToggleFavorite(): void
  onToggleArchive(): void
  onDelete(): void
}

export function ConversationHeader({
  conversation,
  canChange,
  onBack,
  onToggleFavorite,
  onToggleArchive,
  onDelete,
}: ConversationHeaderProps) {
  const status = statusOf(conversation)
  return (
    <>
      <InlineStack gap="200" blockAlign="center" wrap={false}>
        <span className="conversations-back">
          <Button variant="tertiary" icon={ArrowLeftIcon} onClick={onBack} accessibilityLabel="Back to conversations" />
        </span>
        <BlockStack gap="050">
          <Text as="h2" variant="headingMd" breakWord>
            {conversation.name}
          </Text>
          <Text as="span" variant="bodySm" tone="subdued">
            with {conversation.agent_name} · Last active {formatDate(conversation.timestamp)}
          </Text>
          {conversation.visitor ? (
            <span data-testid="verified-visitor">
              <Badge tone="success">Verified visitor</Badge>{' '}
              <Text as="span" variant="bodySm">
                {[conversation.visitor.name, conversation.visitor.email, `id ${conversation.visitor.id}`]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </span>
          ) : null}
        </BlockStack>
      </InlineStack>
      <InlineStack gap="100" blockAlign="center">
        <span data-testid="conversation-status">
          <Badge tone={status.tone}>{status.label}</Badge>
        </span>
        {canChange ? (
          <>
            <Button
              variant="tertiary"
              icon={conversation.is_favorite ? StarFilledIcon : StarIcon}
              pressed={conversation.is_favorite}
              onClick={onToggleFavorite}
              accessibilityLabel={conversation.is_favorite ? 'Remove from favorites' : 'Add to favorites'}
            />
            <Button
              variant="tertiary"
              icon={ArchiveIcon}
              pressed={conversation.is_archived}
              onClick={onToggleArchive}
              accessibilityLabel={conversation.is_archived ? 'Unarchive conversation' : 'Archive conversation'}
            />
            <Button
              variant="tertiary"
              tone="critical"
              icon={DeleteIcon}
              onClick={onDelete}
              accessibilityLabel="Delete conversation"
            />
          </>
        ) : null}
      </InlineStack>
      {canChange ? null : <AccessNote need="chat" />}
    </>
  )
}
