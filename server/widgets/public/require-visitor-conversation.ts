import type { Database } from '../../db/database.ts'
import type { Conversation } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import type { WidgetCaller } from './require-widget-caller.ts'

/** One of this visitor's conversations on this integration; any other is a 404, whoever owns it. */
export async function requireVisitorConversation(
  database: Database,
  caller: WidgetCaller,
  conversationId: string,
): Promise<Conversation> {
  const conversation = await database.prisma.conversation.findFirst({
    where: {
      id: conversationId,
      widgetIntegrationId: caller.integration.id,
      visitorId: caller.session.visitorId,
      isDeleted: false,
    },
  })
  if (!conversation) throw new AppError('NOT_FOUND', 'Conversation not found')
  return conversation
}
