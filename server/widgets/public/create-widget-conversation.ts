import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { toMessageView } from '../../conversations/message-view.ts'
import { recordUsage } from '../../usage/record-usage.ts'
import type { WidgetCaller } from './require-widget-caller.ts'
import { toVisitorMessage } from './visitor-message-view.ts'
import { EMAIL_REQUIRED } from './widget-chat.schemas.ts'

/** A visitor's conversation on the integration's site: the widget's start message is the first word. */
export async function createWidgetConversation(database: Database, caller: WidgetCaller, input: { visitor_email?: string | undefined }) {
  const { integration, session } = caller
  if (integration.collectUserEmail && !input.visitor_email) throw new AppError('BAD_REQUEST', EMAIL_REQUIRED)
  const email = input.visitor_email?.toLowerCase() ?? null
  const conversation = await database.prisma.conversation.create({
    data: {
      accountId: integration.accountId,
      agentId: integration.agentId,
      name: email ?? `Visitor on ${integration.websiteName}`,
      channel: 'widget',
      widgetIntegrationId: integration.id,
      visitorId: session.visitorId,
      visitorEmail: email,
      // A signed-in Shopify customer (app proxy bootstrap): what customers/redact finds and purges.
      shopifyCustomerId: session.shopifyCustomerId ?? null,
      lastMessagePreview: integration.startMessage.slice(0, 200),
      messages: { create: { senderType: 'ai', text: integration.startMessage, isRead: true } },
    },
    include: { messages: true },
  })
  await recordUsage(database, integration.accountId, { conversations: 1 })
  const greeting = conversation.messages[0]
  return { conversation_id: conversation.id, ai_message: greeting ? toVisitorMessage(toMessageView(greeting)) : null }
}
