import { queueAlert } from '../../alerts/queue-alert.ts'
import type { Database } from '../../db/database.ts'
import type { Prisma } from '../../db/generated/prisma/client.ts'
import { lockCap } from '../../db/lock-cap.ts'
import { AppError } from '../../errors/app-error.ts'
import type { WidgetCaller } from './require-widget-caller.ts'
import { lockConversation } from '../../conversations/lock-conversation.ts'
import { toMessageView } from '../../conversations/message-view.ts'
import { HANDOFF_MESSAGES, HANDOFF_NOTICES } from '../../conversations/handoff/handoff.schemas.ts'
import { liveStateOf } from '../../conversations/handoff/live-state.ts'
import { writeNotice } from '../../conversations/handoff/write-notice.ts'
import { emailLinkUrl } from '../../mail/email-link-url.ts'
import { conversationEventData } from '../../webhooks/conversation-event-data.ts'
import { emitWebhookEvent } from '../../webhooks/emit-webhook-event.ts'

/** Person-requested alerts an agent sends in an hour at most: a flood of requests leaves the rest to the bell. */
const REQUEST_ALERTS_PER_HOUR = 20

export interface RequestPersonOptions {
  caller: WidgetCaller
  conversationId: string
  /** Where the alert's link points (linkBaseOf). */
  linkBase: string
}

/**
 * A visitor asks for a person (the widget's "Talk to a person", or words that ask for one): the chat is
 * marked waiting, the chat says so, and the team hears of it (the header's bell, an e-mail alert). Asking
 * again, or while a person is in the chat, changes nothing. The integration must offer it. The account's
 * handoff.requested webhooks hear of it too.
 */
export async function requestPerson(database: Database, { caller, conversationId, linkBase }: RequestPersonOptions) {
  if (!caller.integration.humanHandoff) throw new AppError('CONFLICT', HANDOFF_MESSAGES.notOffered)
  return database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, conversationId)
    const current = await tx.conversation.findUniqueOrThrow({ where: { id: conversationId } })
    if (current.personName || current.personRequestedAt)
      return { notice: null, state: liveStateOf(current, caller.integration) }
    const notice = await writeNotice(tx, current, HANDOFF_NOTICES.requested)
    const conversation = await tx.conversation.update({
      where: { id: current.id },
      data: { personRequestedAt: notice.createdAt, lastMessageAt: notice.createdAt },
    })
    await alertTeam(tx, { caller, conversationId, linkBase })
    await emitWebhookEvent(tx, {
      accountId: caller.integration.accountId,
      event: 'handoff.requested',
      data: {
        ...conversationEventData(conversation),
        agent_name: caller.agent.name,
        website_name: caller.integration.websiteName,
        requested_at: notice.createdAt.toISOString(),
        conversation_url: emailLinkUrl(linkBase, `/app/conversations?conversation=${conversationId}`),
      },
    })
    return { notice: toMessageView(notice), state: liveStateOf(conversation, caller.integration) }
  })
}

async function alertTeam(tx: Prisma.TransactionClient, { caller, conversationId, linkBase }: RequestPersonOptions) {
  const { agent, integration } = caller
  await lockCap(tx, { cap: 'personRequestedAlerts', ownerId: agent.id })
  const lastHour = await tx.conversation.count({
    where: { agentId: agent.id, personRequestedAt: { gte: new Date(Date.now() - 3_600_000) } },
  })
  if (lastHour > REQUEST_ALERTS_PER_HOUR) return
  await queueAlert(tx, {
    kind: 'person_requested',
    accountId: integration.accountId,
    agentId: agent.id,
    eventKey: conversationId,
    title: `A visitor asks for a person: ${agent.name}`,
    message: `A visitor of ${integration.websiteName} asked to talk to a person in a chat with ${agent.name}. Join the chat from Conversations; the visitor waits there.`,
    actionPath: `/app/conversations?conversation=${conversationId}`,
    actionLabel: 'Open the chat',
    linkBase,
  })
}
