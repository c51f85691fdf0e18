import { dropAlertEmails } from '../alerts/drop-alert-emails.ts'
import type { Prisma } from '../db/generated/prisma/client.ts'
import { dropWebhookDeliveries } from '../webhooks/drop-webhook-deliveries.ts'
import { conversationAttachmentKeys } from './conversation-attachment-keys.ts'

export interface EraseConversationsOptions {
  accountId: string
  conversationIds: string[]
}

/**
 * Deletes conversations of the account for good, with all that is kept about them: their messages and
 * the ratings of those (cascades), what the storefront showed, carted and sold through them, the webhook
 * deliveries and alert e-mails about them. Answers the counts and the keys of the files attached to their
 * messages: the caller deletes those once its transaction committed. The one eraser of conversations the
 * visitor erasure (server/leads) and Shopify's customers/redact share.
 */
export async function eraseConversations(
  transaction: Prisma.TransactionClient,
  { accountId, conversationIds }: EraseConversationsOptions,
) {
  const ids = (
    await transaction.conversation.findMany({
      where: { accountId, id: { in: conversationIds } },
      select: { id: true },
    })
  ).map((conversation) => conversation.id)
  const fileKeys = await conversationAttachmentKeys(transaction, ids)
  const messages = await transaction.message.count({ where: { conversationId: { in: ids } } })
  const feedback = await transaction.answerFeedback.count({ where: { conversationId: { in: ids } } })
  const webhookDeliveries = await dropWebhookDeliveries(transaction, { accountId, conversationIds: ids })
  const alertEmails = await dropAlertEmails(transaction, {
    accountId,
    events: ids.map((id) => ({ kind: 'person_requested' as const, eventKeyStart: `${id}:` })),
  })
  await transaction.conversation.deleteMany({ where: { id: { in: ids } } }) // messages and their ratings cascade
  await transaction.storefrontEvent.deleteMany({ where: { conversationId: { in: ids } } })
  await transaction.assistedOrder.deleteMany({ where: { conversationId: { in: ids } } })
  return { conversations: ids.length, messages, feedback, webhookDeliveries, alertEmails, fileKeys }
}
