import type { Conversation } from '../db/generated/prisma/client.ts'
import type { ConversationView } from './conversations.schemas.ts'

/** A conversation as the SPEC names its fields (section 3), id also as conversation_id. */
export function toConversationView(conversation: Conversation & { agent: { name: string } }): ConversationView {
  return {
    id: conversation.id,
    conversation_id: conversation.id,
    name: conversation.name,
    last_message: conversation.lastMessagePreview ?? '',
    timestamp: conversation.lastMessageAt.toISOString(),
    unread: conversation.unreadCount,
    status: conversation.status,
    agent_id: conversation.agentId,
    agent_name: conversation.agent.name,
    channel: conversation.channel,
    is_favorite: conversation.isFavorite,
    is_archived: conversation.isArchived,
    is_active: conversation.isActive,
    is_deleted: conversation.isDeleted,
    created_at: conversation.createdAt.toISOString(),
    updated_at: conversation.updatedAt.toISOString(),
    person: conversation.personName ? { user_id: conversation.personUserId, name: conversation.personName } : null,
    person_requested_at: conversation.personRequestedAt?.toISOString() ?? null,
    visitor: conversation.visitorExternalId
      ? { id: conversation.visitorExternalId, name: conversation.visitorName, email: conversation.visitorEmail }
      : null,
  }
}
