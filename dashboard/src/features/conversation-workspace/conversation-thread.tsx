// The right column with a conversation open: its header and the chat panel (times like h:mm a).
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { ChatPanel } from '../chat/chat-panel.tsx'
import { useChatSender } from '../chat/use-chat-sender.ts'
import { formatTime12 } from '../../shared/format/format-dates.ts'
import type { Conversation } from '../conversations/conversation.types.ts'
import { ConversationHeader, type ConversationHeaderProps } from './conversation-header.tsx'
import { activityQuery } from '../conversations/conversations.queries.ts'
import { useMarkRead } from './use-mark-read.ts'

function readOnlyReasonOf(channel: Conversation['channel']): string {
  if (channel === 'shopify')
    return 'This conversation belongs to a customer of your Shopify store; you can read it here.'
  if (channel === 'widget') return 'This conversation belongs to a website visitor; you can read it here.'
  return 'This conversation is closed, or its agent is inactive.'
}

export function ConversationThread({
  conversation,
  ...actions
}: ConversationHeaderProps & { conversation: Conversation }) {
  const client = useApi()
  useMarkRead(conversation)
  // Re-checked every 5 minutes and on focus (SPEC section 4); a closed conversation cannot be written in.
  const activity = useQuery(activityQuery(client, conversation.agent_id, conversation.id))
  const sender = useChatSender(conversation.agent_id, conversation.id)
  const fromDashboard = (conversation.channel ?? 'dashboard') === 'dashboard'
  const open = activity.data?.is_active !== false
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
      formatTime={formatTime12}
      canWrite={fromDashboard && open}
      readOnlyReason={readOnlyReasonOf(conversation.channel)}
      emptyTitle="No Messages Yet"
    />
  )
}
