import type { Database } from '../../db/database.ts'
import type { WidgetCaller } from './require-widget-caller.ts'

const LISTED = 20

/**
 * The visitor's conversations on this widget, newest first: a visitor the site vouched for sees those of
 * every device they used; an anonymous one those of this browser's session.
 */
export async function listVisitorConversations(database: Database, caller: WidgetCaller) {
  const conversations = await database.prisma.conversation.findMany({
    where: { widgetIntegrationId: caller.integration.id, visitorId: caller.session.visitorId, isDeleted: false },
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
    take: LISTED,
    select: { id: true, lastMessagePreview: true, lastMessageAt: true, createdAt: true },
  })
  return {
    conversations: conversations.map((conversation) => ({
      conversation_id: conversation.id,
      last_message: conversation.lastMessagePreview ?? '',
      last_message_at: conversation.lastMessageAt.toISOString(),
      created_at: conversation.createdAt.toISOString(),
    })),
  }
}
