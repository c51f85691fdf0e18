// Editing (and answering the edited question again), deleting and retrying messages (SPEC sections 4
// and 8), and switching an edited question's versions, refreshing the conversation after.
import type { ApiClient } from '../../api/api-client.ts'
import { ApiError } from '../../api/api-error.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { CONVERSATIONS_KEY } from '../conversations/conversations.queries.ts'
import { conversationRoutes } from '../../api/routes/conversation-routes.ts'

export const DELETE_MESSAGE_CONFIRMATION = 'Are you sure you want to delete this message?'

interface MessageRef {
  agentId: string
  conversationId: string
  messageId: string
}

const messageParams = ({ agentId, conversationId, messageId }: MessageRef) => ({ agentId, conversationId, messageId })

type EditInput = MessageRef & { text: string; confirm?: boolean }
interface EditOutcome {
  data?: { answer_failed?: boolean }
  /** The edit was not made: it would replace this many later messages, and needs confirm. */
  would_remove?: number
}

/** What the dialog says before an edit replaces later turns (they stay as the question's earlier version). */
export const replacesMessages = (count: number) =>
  `This replaces ${count === 1 ? 'the message' : `the ${count} messages`} after it. You can switch back to the earlier version.`

export function useMessageMutations() {
  const retry = useApiMutation({
    run: (client: ApiClient, input: MessageRef) =>
      client.call(conversationRoutes.retry, { params: messageParams(input), body: {} }),
    errorTitle: 'Failed to send message',
    successToast: false,
    invalidates: [CONVERSATIONS_KEY],
  })
  // An edited question loses the answer its old words had (kept as its previous version), and is answered
  // again at once. An edit that would replace later turns comes back as { would_remove } (the server's 409)
  // for the screen to ask first, then is sent again with confirm.
  const edit = useApiMutation<EditInput, EditOutcome>({
    run: async (client, input) => {
      try {
        return await client.call(conversationRoutes.updateMessage, {
          params: messageParams(input),
          body: { message_text: input.text, ...(input.confirm ? { confirm: true } : {}) },
        })
      } catch (error) {
        const wouldRemove = error instanceof ApiError && error.status === 409 ? error.body?.would_remove : undefined
        if (typeof wouldRemove === 'number') return { would_remove: wouldRemove }
        throw error
      }
    },
    errorTitle: 'Failed to update message',
    successToast: false,
    invalidates: [CONVERSATIONS_KEY],
    onSuccess: (answer, input) => {
      if (answer.data?.answer_failed) retry.mutate(input)
    },
  })
  const selectVersion = useApiMutation({
    run: (client: ApiClient, input: MessageRef & { version: number }) =>
      client.call(conversationRoutes.selectVersion, {
        params: { ...messageParams(input), version: String(input.version) },
        body: {},
      }),
    errorTitle: 'Failed to switch version',
    successToast: false,
    invalidates: [CONVERSATIONS_KEY],
  })
  const remove = useApiMutation({
    run: (client: ApiClient, input: MessageRef) =>
      client.call(conversationRoutes.updateMessage, { params: messageParams(input), body: { is_deleted: true } }),
    errorTitle: 'Failed to delete message',
    successToast: false,
    invalidates: [CONVERSATIONS_KEY],
  })
  return { edit, remove, retry, selectVersion }
}
