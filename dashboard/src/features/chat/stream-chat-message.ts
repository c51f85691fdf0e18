// Sends a chat message and reads the answer as it is written (Server-Sent Events: user_message,
// token…, then done or error; docs/api/conversations-and-dashboard.md).
import type { ApiClient } from '../../api/api-client.ts'
import { ApiError } from '../../api/api-error.ts'
import type { ChatAnswer } from '#server/conversations/conversations.schemas.ts'
import type { Message } from '../conversations/conversation.types.ts'

export interface StreamHandlers {
  onUserMessage?(message: Message): void
  onToken?(text: string): void
}

interface ServerEvent {
  event: string
  data: string
}

function parseEvent(block: string): ServerEvent | null {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim()
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null
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
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += value.replace(/\r\n/g, '\n')
    let boundary = buffer.indexOf('\n\n')
    while (boundary >= 0) {
      const parsed = parseEvent(buffer.slice(0, boundary))
      buffer = buffer.slice(boundary + 2)
      boundary = buffer.indexOf('\n\n')
      if (!parsed) continue
      const data = JSON.parse(parsed.data) as Record<string, unknown>
      if (parsed.event === 'user_message') handlers.onUserMessage?.(data as unknown as Message)
      else if (parsed.event === 'token') handlers.onToken?.(String(data.text ?? ''))
      else if (parsed.event === 'done') return data as unknown as ChatAnswer
      else if (parsed.event === 'error')
        throw new ApiError(
          Number(data.status) || 502,
          'SERVER_ERROR',
          'Failed to send message',
          typeof data.message === 'string' ? data.message : 'Failed to send message',
          data,
        )
    }
  }
  throw new ApiError(0, 'NETWORK_ERROR', 'Failed to send message', 'The answer was cut off. Please try again.')
}
