// Editing (and answering the edited question again), deleting and retrying messages (SPEC sections 4
// and 8), refreshing the conversation after.
import type { ApiClient } from '../../api/api-client.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { CONVERSATIONS_KEY } from '../conversations/conversations.queries.ts'

export const DELETE_MESSAGE_CONFIRMATION = 'Are you sure you want to delete this message?'

interface MessageRef {
  agentId: string
  conversationId: string
  messageId: string
}

const messagePath = ({ agentId, conversationId, messageId }: MessageRef) =>
  `/conversations/${encodeURIComponent(agentId)}/${encodeURIComponent(conversationId)}/${encodeURIComponent(messageId)}`

export function useMessageMutations() {
  const retry = useApiMutation({
    run: (client: ApiClient, input: MessageRef) =>
      client.request(`${messagePath(input)}/retry/`, { method: 'POST', body: {} }),
    errorTitle: 'Failed to send message',
    successToast: false,
    invalidates: [CONVERSATIONS_KEY],
  })
  // An edited question loses the answer its old words had, and is answered again at once.
  const edit = useApiMutation<MessageRef & { text: string }, { data?: { answer_failed?: boolean } }>({
    run: (client, input) =>
      client.request(`${messagePath(input)}/update/`, { method: 'POST', body: { message_text: input.text } }),
    errorTitle: 'Failed to update message',
    successToast: false,
    invalidates: [CONVERSATIONS_KEY],
    onSuccess: (answer, input) => {
      if (answer.data?.answer_failed) retry.mutate(input)
    },
  })
  const remove = useApiMutation({
    run: (client: ApiClient, input: MessageRef) =>
      client.request(`${messagePath(input)}/update/`, { method: 'POST', body: { is_deleted: true } }),
    errorTitle: 'Failed to delete message',
    successToast: false,
    invalidates: [CONVERSATIONS_KEY],
  })
  return { edit, remove, retry }
}
