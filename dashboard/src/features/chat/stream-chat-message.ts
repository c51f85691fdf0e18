// Sends a chat message and reads the answer as it is written (Server-Sent Events: user_message,
// token…, then done or error; docs/api/conversations-and-dashboard.md).
import type { ApiClient } from '../../api/api-client.ts'
import { ApiError } from '../../api/api-error.ts'
import { readServerEvents } from '../../api/read-server-events.ts'
import type { ChatAnswer } from '#server/conversations/conversations.schemas.ts'
import type { Message } from '../conversations/conversation.types.ts'

export interface StreamHandlers {
  onUserMessage?(message: Message): void
  onToken?(text: string): void
}

export async function streamChatMessage(
  client: ApiClient,
  agentId: string,
  conversationId: string,
  text: string,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<ChatAnswer> {
  const response = await client.openStream(
    `/conversations/chat/${encodeURIComponent(agentId)}/${encodeURIComponent(conversationId)}/`,
    { message_text: text },
    signal,
  )
  if (!response.body) throw new ApiError(0, 'UNKNOWN_ERROR', 'Something Went Wrong', 'Failed to send message')
  const answer = await readServerEvents(response, (event, data) => {
    if (event === 'user_message') handlers.onUserMessage?.(data as unknown as Message)
    else if (event === 'token') handlers.onToken?.(String(data.text ?? ''))
    else if (event === 'done') return data as unknown as ChatAnswer
    else if (event === 'error')
      throw new ApiError(
        Number(data.status) || 502,
        'SERVER_ERROR',
        'Failed to send message',
        typeof data.message === 'string' ? data.message : 'Failed to send message',
        data,
      )
    return undefined
  })
  if (answer) return answer
  throw new ApiError(0, 'NETWORK_ERROR', 'Failed to send message', 'The answer was cut off. Please try again.')
}
