import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import type { ConversationUpdate } from './conversations.schemas.ts'
import { conversationEventData } from '../webhooks/conversation-event-data.ts'
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts'
import { toConversationView } from './conversation-view.ts'
import { requireConversation } from './require-conversation.ts'

export interface UpdateConversationOptions {
  actor: Actor
  agentId: string
  conversationId: string
  update: ConversationUpdate
}

/** Renames or flags a conversation; is_deleted true deletes it softly (it disappears from every list). */
export async function updateConversation(
  database: Database,
  { actor, agentId, conversationId, update }: UpdateConversationOptions,
) {
  await requireConversation(database, { actor, agentId, conversationId, need: 'chat' })
  const updated = await database.prisma.$transaction(async (tx) => {
    // Closing an open conversation completes it (the conversation.completed webhook, reason "closed"): of
    // two closes at once, the one that finds it open reports it.
    const closing =
      update.is_active === false &&
      (await tx.conversation.updateMany({ where: { id: conversationId, isActive: true }, data: { isActive: false } }))
        .count === 1
    const changed = await tx.conversation.update({
      where: { id: conversationId },
      data: {
        name: update.name,
        isArchived: update.is_archived,
        isFavorite: update.is_favorite,
        isActive: update.is_active,
        ...(update.is_active === false
          ? { status: 'completed' as const }
          : update.is_active === true
            ? { status: 'active' as const }
            : {}),
        ...(update.is_deleted === true ? { isDeleted: true, deletedAt: new Date() } : {}),
        ...(closing ? { completedAt: new Date() } : {}),
      },
      include: { agent: { select: { name: true } } },
    })
    if (closing)
      await emitWebhookEvent(tx, {
        accountId: changed.accountId,
        event: 'conversation.completed',
        data: {
          ...conversationEventData(changed),
          reason: 'closed',
          last_message_at: changed.lastMessageAt.toISOString(),
        },
      })
    return changed
  })
  return { conversation: toConversationView(updated) }
}
