import { HANDOFF_MESSAGES } from '../../conversations/handoff/handoff.schemas.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { captureLead } from '../../leads/capture-lead.ts'
import { lockConversation } from '../../conversations/lock-conversation.ts'
import { requireVisitorConversation } from './require-visitor-conversation.ts'
import type { WidgetCaller } from './require-widget-caller.ts'
import type { LeaveContact } from './widget-chat.schemas.ts'

export interface LeaveContactOptions {
  caller: WidgetCaller
  conversationId: string
  contact: LeaveContact
  /** Where the new lead's alert links point (linkBaseOf). */
  linkBase: string
}

/**
 * A visitor leaves their e-mail in a chat (nobody from the team could join in time): it becomes the
 * conversation's lead, as one given at the start would, and names the conversation for the team. A
 * conversation keeps one lead: a second address replaces the first, without a second alert. Offered
 * where the integration offers a person (human_handoff), as what to do when nobody could join.
 */
export async function leaveContact(
  database: Database,
  { caller, conversationId, contact, linkBase }: LeaveContactOptions,
) {
  const { integration, agent } = caller
  if (!integration.humanHandoff) throw new AppError('CONFLICT', HANDOFF_MESSAGES.notOffered)
  const conversation = await requireVisitorConversation(database, caller, conversationId)
  const email = contact.visitor_email.toLowerCase()
  return database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, conversationId)
    // A visitor the site vouched for keeps the e-mail it gave: the typed one goes to the lead only.
    if (!conversation.visitorExternalId)
      await tx.conversation.update({ where: { id: conversationId }, data: { visitorEmail: email, name: email } })
    const existing = await tx.lead.findUnique({ where: { conversationId } })
    if (existing)
      return tx.lead.update({
        where: { id: existing.id },
        data: { email, name: contact.visitor_name ?? existing.name },
      })
    return captureLead(tx, {
      accountId: integration.accountId,
      agentId: integration.agentId,
      agentName: agent.name,
      conversationId,
      email,
      name: contact.visitor_name,
      pageUrl: contact.page_url,
      websiteName: integration.websiteName,
      linkBase,
    })
  })
}
