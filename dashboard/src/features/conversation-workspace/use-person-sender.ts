// Writing to a visitor as the team member in their chat (POST .../reply/): the message shows at once as
// "Sending...", then the saved one; nothing streams, since no agent answers.
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { reportError } from '../../feedback/report-error.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import type { ChatSender } from '../chat/use-chat-sender.ts'
import { pendingMessage, type Conversation, type Message } from '../conversations/conversation.types.ts'
import { CONVERSATIONS_KEY, messagesQuery, withLatestMessages } from '../conversations/conversations.queries.ts'
import { conversationRoutes } from '../../api/routes/conversation-routes.ts'

export function usePersonSender(conversation: Conversation): ChatSender {
  const client = useApi()
  const toaster = useToast()
  const queryClient = useQueryClient()
  const [pending, setPending] = useState<Message | null>(null)
  const key = messagesQuery(client, conversation.agent_id, conversation.id).queryKey
  return {
    pendingUser: pending,
    streamingText: null,
    isSending: pending !== null,
    async send(raw) {
      const text = raw.trim()
      if (!text) return false
      setPending({ ...pendingMessage(conversation.id, text), sender_type: 'person' })
      try {
        const answer = await client.call(conversationRoutes.reply, {
          params: { agentId: conversation.agent_id, conversationId: conversation.id },
          body: { message_text: text },
        })
        queryClient.setQueryData(key, (current) => withLatestMessages(current, [answer.data]))
        return true
      } catch (error) {
        reportError(toaster, error, 'Failed to send message')
        return false
      } finally {
        setPending(null)
        void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] })
      }
    },
  }
}
