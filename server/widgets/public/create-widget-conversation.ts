import type { PlanEnforcement } from '../../billing/plan-enforcement.ts'
import { isPlanRefusal } from '../../billing/plan-refusals.ts'
import type { Database } from '../../db/database.ts'
import type { Prisma } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { captureLead } from '../../leads/capture-lead.ts'
import { conversationEventData } from '../../webhooks/conversation-event-data.ts'
import { emitWebhookEvent } from '../../webhooks/emit-webhook-event.ts'
import { toMessageView } from '../../conversations/message-view.ts'
import type { WidgetCaller } from './require-widget-caller.ts'
import { toVisitorMessage } from './visitor-message-view.ts'
import { EMAIL_REQUIRED, type CreateWidgetConversation } from './widget-chat.schemas.ts'

export interface WidgetConversationServices {
  database: Database
  plans: PlanEnforcement
  /** Where the new lead's alert links point (linkBaseOf). */
  linkBase: string
}

/**
 * A visitor's conversation on the integration's site: the widget's start message is the first word. It
 * counts towards the agent owner's plan, which must be live and have a conversation left (402 otherwise).
 * Where a person can be asked for, a plan that has run out opens the chat uncounted instead (awaitsCounting):
 * a person's chat is not metered, and the agent stays paused there until the chat can be counted
 * (admitVisitorMessage), so an uncounted chat never gets the agent's answers past the plan's limit.
 * The e-mail a visitor gives becomes one of the agent's leads, in the same transaction.
 */
export async function createWidgetConversation(
  { database, plans, linkBase }: WidgetConversationServices,
  caller: WidgetCaller,
  input: CreateWidgetConversation,
) {
  const { integration, session } = caller
  if (integration.collectUserEmail && !input.visitor_email && !session.visitorEmail)
    throw new AppError('BAD_REQUEST', EMAIL_REQUIRED)
  // A visitor the site vouched for is known by the name and e-mail it gave.
  const email = session.visitorEmail ?? input.visitor_email?.toLowerCase() ?? null
  const create = async (tx: Prisma.TransactionClient, awaitsCounting: boolean) => {
    const created = await tx.conversation.create({
      data: {
        awaitsCounting,
        accountId: integration.accountId,
        agentId: integration.agentId,
        name: session.visitorName ?? email ?? `Visitor on ${integration.websiteName}`,
        visitorExternalId: session.visitorExternalId,
        visitorName: session.visitorName ?? input.visitor_name ?? null,
        // A storefront's chat (opened through the app proxy) is the shop's: product cards, orders, sales.
        channel: session.shopId ? 'shopify' : 'widget',
        widgetIntegrationId: integration.id,
        visitorId: session.visitorId,
        visitorEmail: email,
        // A signed-in Shopify customer (app proxy bootstrap): what customers/redact finds and purges.
        shopifyCustomerId: session.shopifyCustomerId ?? null,
        lastMessagePreview: integration.startMessage.slice(0, 200),
        messages: { create: { senderType: 'ai', text: integration.startMessage, isRead: true } },
      },
      include: { messages: true, agent: { select: { name: true } } },
    })
    await emitWebhookEvent(tx, {
      accountId: integration.accountId,
      event: 'conversation.started',
      data: { ...conversationEventData(created), website_name: integration.websiteName },
    })
    if (input.visitor_email)
      await captureLead(tx, {
        accountId: integration.accountId,
        agentId: integration.agentId,
        agentName: created.agent.name,
        conversationId: created.id,
        email: input.visitor_email.toLowerCase(),
        name: input.visitor_name,
        pageUrl: input.page_url,
        websiteName: integration.websiteName,
        linkBase,
      })
    return created
  }
  const conversation = await plans
    .createCounted(integration.accountId, 'conversations', (tx) => create(tx, false))
    .catch((error: unknown) => {
      if (!isPlanRefusal(error) || !integration.humanHandoff) throw error
      return database.prisma.$transaction((tx) => create(tx, true))
    })
  const greeting = conversation.messages[0]
  return { conversation_id: conversation.id, ai_message: greeting ? toVisitorMessage(toMessageView(greeting)) : null }
}
