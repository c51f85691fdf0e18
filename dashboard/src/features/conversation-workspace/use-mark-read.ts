// Opening a conversation with unread answers marks it read (a separate call, SPEC section 4).
import { useEffect, useRef } from 'react'
import type { ApiClient } from '../../api/api-client.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { DASHBOARD_KEY, NOTIFICATIONS_KEY } from '../../shared/query-keys.ts'
import type { Conversation } from '../conversations/conversation.types.ts'
import { CONVERSATIONS_KEY } from '../conversations/conversations.queries.ts'
import { conversationRoutes } from '../../api/routes/conversation-routes.ts'

export function useMarkRead(conversation: Conversation | undefined) {
  const marked = useRef<string | null>(null)
  const markRead = useApiMutation({
    run: (client: ApiClient, conversationId: string) =>
      client.call(conversationRoutes.markRead, { params: { conversationId } }),
    errorTitle: 'Failed to mark as read',
    successToast: false,
    invalidates: [[...CONVERSATIONS_KEY, 'list'], DASHBOARD_KEY, NOTIFICATIONS_KEY],
  })
  const { mutate } = markRead
  useEffect(() => {
    if (!conversation || conversation.unread <= 0 || marked.current === conversation.id) return
    marked.current = conversation.id
    mutate(conversation.id)
  }, [conversation, mutate])
}
