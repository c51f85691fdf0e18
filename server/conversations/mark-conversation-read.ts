import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { requireConversation } from './require-conversation.ts'

/** Marks every message of the conversation read and its unread count zero. */
export async function markConversationRead(database: Database, actor: Actor, conversationId: string) {
  await requireConversation(database, { actor, agentId: null, conversationId, need: 'read' })
  await database.prisma.$transaction([
    database.prisma.message.updateMany({ where: { conversationId, isRead: false }, data: { isRead: true } }),
    database.prisma.conversation.update({ where: { id: conversationId }, data: { unreadCount: 0 } }),
  ])
  return { conversation_id: conversationId, unread: 0 }
}
