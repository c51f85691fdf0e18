import { findJsonHazard } from '../../../shared/json-limits.schemas.ts'
import type { ChannelKind } from '../channels.schemas.ts'
import type { MetaWebhook } from './meta-webhook.schemas.ts'

/** A message a person sent, as one webhook names it. */
export interface InboundMessage {
  kind: ChannelKind
  /** What received it: the phone_number_id, the Page id, the Instagram account id. */
  recipientId: string
  externalMessageId: string
  senderId: string
  sentAt: Date
  message: Record<string, unknown>
}

const KIND_OF_OBJECT: Record<string, ChannelKind> = {
  whatsapp_business_account: 'whatsapp',
  page: 'messenger',
  instagram: 'instagram',
}

/**
 * The messages people sent in one delivery (a delivery may batch several entries and events). Statuses,
 * reactions, reads, deliveries and the business's own echoes are not messages to answer; an object other
 * than the three channels' has none; a message the database could not hold (a NUL character, nesting
 * deeper than any of Meta's) is not kept, and the rest of the delivery is.
 */
export function inboundMessagesOf(webhook: MetaWebhook): InboundMessage[] {
  const kind = KIND_OF_OBJECT[webhook.object]
  if (!kind) return []
  return messagesIn(webhook, kind).filter(({ message }) => findJsonHazard(message) === null)
}

function messagesIn(webhook: MetaWebhook, kind: ChannelKind): InboundMessage[] {
  return webhook.entry.flatMap((entry): InboundMessage[] =>
    kind === 'whatsapp'
      ? (entry.changes ?? []).flatMap((change) => {
          const recipientId = change.value?.metadata?.phone_number_id
          if (change.field !== 'messages' || !recipientId) return []
          return (change.value?.messages ?? []).map((message) => ({
            kind,
            recipientId,
            externalMessageId: message.id,
            senderId: message.from,
            sentAt: new Date(Number(message.timestamp) * 1_000),
            message,
          }))
        })
      : (entry.messaging ?? []).flatMap((event) => {
          const recipientId = event.recipient?.id
          const senderId = event.sender?.id
          if (!event.message || event.message.is_echo || !recipientId || !senderId || event.timestamp === undefined)
            return []
          return [
            {
              kind,
              recipientId,
              externalMessageId: event.message.mid,
              senderId,
              sentAt: new Date(event.timestamp),
              message: event.message,
            },
          ]
        }),
  )
}
