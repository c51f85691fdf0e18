// Starting and changing conversations (SPEC sections 4, 5 and 8).
import type { ApiClient } from '../../api/api-client.ts'
import { ApiError } from '../../api/api-error.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { DASHBOARD_KEY } from '../../shared/query-keys.ts'
import type { StartedConversation } from './conversation.types.ts'
import { CONVERSATIONS_KEY } from './conversations.queries.ts'
import { conversationRoutes } from '../../api/routes/conversation-routes.ts'

export interface ConversationChanges {
  name?: string
  is_archived?: boolean
  is_favorite?: boolean
  is_deleted?: boolean
  is_active?: boolean
}

/** SPEC section 8: the create failures' own words. */
function creationProblem(error: unknown): string {
  const said = error instanceof Error ? error.message : ''
  if (/does not exist|not found|no longer available/i.test(said))
    return 'The selected agent does not exist or is no longer available.'
  if (/name is required/i.test(said)) return 'Conversation name is required and cannot be empty.'
  if (/agent id is required/i.test(said)) return 'Agent ID is required.'
  if (error instanceof ApiError && error.status === 409) return 'Failed to create conversation due to data conflict.'
  if (error instanceof ApiError && error.status === 400) return 'Invalid data provided for conversation creation.'
  return said || 'Failed to create conversation'
}

export function useStartConversation(onStarted: (started: StartedConversation) => void) {
  return useApiMutation({
    run: (client: ApiClient, input: { agentId: string; name: string }) =>
      client.call(conversationRoutes.start, {
        body: { name: input.name.trim(), agent_id: input.agentId },
      }),
    errorTitle: 'Failed to start conversation',
    errorMessage: creationProblem,
    successToast: { title: 'Conversation started' },
    invalidates: [CONVERSATIONS_KEY, DASHBOARD_KEY],
    onSuccess: onStarted,
  })
}

export function useUpdateConversation(errorTitle = 'Failed to update conversation') {
  return useApiMutation({
    run: (client: ApiClient, input: { agentId: string; conversationId: string; changes: ConversationChanges }) =>
      client.call(conversationRoutes.update, {
        params: { agentId: input.agentId, conversationId: input.conversationId },
        body: input.changes,
      }),
    errorTitle,
    successToast: false,
    invalidates: [CONVERSATIONS_KEY, DASHBOARD_KEY],
  })
}
