// The right column with a conversation open: its header and the chat panel (times like h:mm a).
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { ChatPanel } from '../chat/chat-panel.tsx'
import { useChatSender } from '../chat/use-chat-sender.ts'
import { formatTime12 } from '../../shared/format/format-dates.ts'
import type { Conversation } from '../conversations/conversation.types.ts'
import { ACCESS_NOTES } from '../agents/agent-access.tsx'
import { ConversationHeader, type ConversationHeaderProps } from './conversation-header.tsx'
import { activityQuery } from '../conversations/conversations.queries.ts'
import { HandoffBar } from './handoff-bar.tsx'
import { useConversationLive } from './use-conversation-live.ts'
import { useMarkRead } from './use-mark-read.ts'
import { usePersonSender } from './use-person-sender.ts'

function readOnlyReasonOf(channel: Conversation['channel'], open: boolean): string {
  if (!open) return 'This conversation is closed, or its agent is inactive.'
  if (channel === 'shopify')
    return 'This conversation belongs to a customer of your Shopify store: join the chat to write to them.'
  if (channel === 'widget') return 'This conversation belongs to a website visitor: join the chat to write to them.'
  return 'This conversation is closed, or its agent is inactive.'
}

export function ConversationThread({
  conversation: listed,
  ...actions
}: ConversationHeaderProps & { conversation: Conversation }) {
  const client = useApi()
  const live = useConversationLive(listed)
  const conversation = live.conversation
  useMarkRead(conversation)
  // Re-checked every 5 minutes and on focus (SPEC section 4); a closed conversation cannot be written in.
  const activity = useQuery(activityQuery(client, conversation.agent_id, conversation.id))
  const chatSender = useChatSender(conversation.agent_id, conversation.id)
  const personSender = usePersonSender(conversation)
  const fromDashboard = (conversation.channel ?? 'dashboard') === 'dashboard'
  const open = activity.data?.is_active !== false
  const sender = live.holding ? personSender : chatSender
  return (
    <ChatPanel
      agentId={conversation.agent_id}
      agentName={conversation.agent_name}
      conversationId={conversation.id}
      sender={sender}
      header={
        <ConversationHeader
          conversation={
            activity.data && !activity.data.is_active && conversation.status === 'active'
              ? { ...conversation, status: 'completed' }
              : conversation
          }
          {...actions}
        />
      }
      banner={<HandoffBar live={live} canJoin={actions.canChange} />}
      formatTime={formatTime12}
      canWrite={actions.canChange && open && (fromDashboard || live.holding)}
      readOnlyReason={actions.canChange ? readOnlyReasonOf(conversation.channel, open) : ACCESS_NOTES.chat}
      editable={fromDashboard}
      placeholder={live.holding ? 'Write to the visitor...' : undefined}
      emptyTitle="No Messages Yet"
    />
  )
}
