// Sending in a conversation (SPEC section 4): a temporary user message shows at once and the answer
// streams in; then both saved messages replace them. On failure the temporary message goes and a
// toast says why.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { reportError } from '../../feedback/report-error.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { pendingMessage, type Message } from '../conversations/conversation.types.ts'
import {
  CONVERSATIONS_KEY,
  messagesInOrder,
  messagesQuery,
  withLatestMessages,
  type MessagePages,
} from '../conversations/conversations.queries.ts'
import { DASHBOARD_KEY } from '../../shared/query-keys.ts'
import { streamChatMessage } from './stream-chat-message.ts'

export interface ChatSender {
  /** The temporary user message and the answer being written, while a message is under way. */
  pendingUser: Message | null
  streamingText: string | null
  isSending: boolean
  send(text: string): Promise<boolean>
}

export function useChatSender(
  agentId: string,
  conversationId: string | null,
  onFirstMessage?: (text: string) => void,
): ChatSender {
  const client = useApi()
  const toaster = useToast()
  const queryClient = useQueryClient()
  const [pendingUser, setPendingUser] = useState<Message | null>(null)
  const [streamingText, setStreamingText] = useState<string | null>(null)
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [conversationId])

  const send = useCallback(
    async (raw: string) => {
      const text = raw.trim()
      if (!text) return false
      if (!conversationId) {
        toaster.error('No conversation selected', 'Conversation ID is required to send messages')
        return false
      }
      const key = messagesQuery(client, agentId, conversationId).queryKey
      const isFirst = !messagesInOrder(queryClient.getQueryData<MessagePages>(key)).some(
        (message) => message.sender_type === 'user',
      )
      setPendingUser(pendingMessage(conversationId, text))
      setStreamingText('')
      abort.current = new AbortController()
      try {
        const answer = await streamChatMessage(
          client,
          agentId,
          conversationId,
          text,
          { onToken: (token) => setStreamingText((current) => (current ?? '') + token) },
          abort.current.signal,
        )
        queryClient.setQueryData<MessagePages>(key, (current) =>
          withLatestMessages(current, [answer.user_message, answer.ai_message]),
        )
        if (isFirst) onFirstMessage?.(text)
        return true
      } catch (error) {
        if (abort.current?.signal.aborted) return false
        reportError(toaster, error, 'Failed to send message')
        await queryClient.invalidateQueries({ queryKey: key })
        return false
      } finally {
        setPendingUser(null)
        setStreamingText(null)
        void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] })
        void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY })
      }
    },
    [agentId, client, conversationId, onFirstMessage, queryClient, toaster],
  )

  return { pendingUser, streamingText, isSending: pendingUser !== null, send }
}
