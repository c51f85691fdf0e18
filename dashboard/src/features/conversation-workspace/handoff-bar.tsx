// Live takeover in the thread of a visitor's conversation: who is in the chat, or that the visitor asked
// for a person, and the button that joins the chat or hands it back to the agent.
import { Banner, Button, InlineStack, Text } from '@shopify/polaris'
import type { ApiClient } from '../../api/api-client.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { formatTime12 } from '../../shared/format/format-dates.ts'
import type { Conversation } from '../conversations/conversation.types.ts'
import { CONVERSATIONS_KEY } from '../conversations/conversations.queries.ts'
import type { ConversationLive } from './use-conversation-live.ts'
import { conversationRoutes } from '../../api/routes/conversation-routes.ts'

const handoffCall = (action: 'takeover' | 'release') => (client: ApiClient, conversation: Conversation) =>
  client.call(conversationRoutes[action], {
    params: { agentId: conversation.agent_id, conversationId: conversation.id },
  })

/** canJoin: whether the caller may chat with the agent (not its viewers, docs/permissions.md). */
export function HandoffBar({ live, canJoin }: { live: ConversationLive; canJoin: boolean }) {
  const { conversation, holding } = live
  const join = useApiMutation({
    run: handoffCall('takeover'),
    errorTitle: 'Failed to join the chat',
    successToast: false,
    invalidates: [CONVERSATIONS_KEY],
    onSuccess: (answer) => live.setLive(answer.conversation, true),
  })
  const release = useApiMutation({
    run: handoffCall('release'),
    errorTitle: 'Failed to hand the chat back',
    successToast: false,
    invalidates: [CONVERSATIONS_KEY],
    onSuccess: (answer) => live.setLive(answer.conversation, false),
  })
  if ((conversation.channel ?? 'dashboard') === 'dashboard' || !conversation.is_active) return null
  const person = conversation.person
  const status = person
    ? holding
      ? `You are in this chat: ${conversation.agent_name} does not answer until you hand it back.`
      : `${person.name} is in this chat.`
    : conversation.person_requested_at
      ? `The visitor asked for a person at ${formatTime12(conversation.person_requested_at)}.`
      : `${conversation.agent_name} answers this chat.`
  return (
    <div className="handoff-bar" data-testid="handoff-bar">
      <Banner tone={!person && conversation.person_requested_at ? 'warning' : person ? 'info' : undefined}>
        <InlineStack gap="200" align="space-between" blockAlign="center">
          <Text as="p">{status}</Text>
          {!canJoin ? null : person ? (
            <Button onClick={() => release.mutate(conversation)} loading={release.isPending}>
              {`Hand back to ${conversation.agent_name}`}
            </Button>
          ) : (
            <Button variant="primary" onClick={() => join.mutate(conversation)} loading={join.isPending}>
              Join the chat
            </Button>
          )}
        </InlineStack>
      </Banner>
    </div>
  )
}
