import type { Conversation } from '../db/generated/prisma/client.ts'

/** How the conversation events describe a conversation (docs/api/webhooks.md). */
export function conversationEventData(conversation: Conversation & { agent?: { name: string } }) {
  return {
    conversation_id: conversation.id,
    agent_id: conversation.agentId,
    ...(conversation.agent ? { agent_name: conversation.agent.name } : {}),
    channel: conversation.channel,
    name: conversation.name,
    visitor_email: conversation.visitorEmail,
    started_at: conversation.createdAt.toISOString(),
  }
}
