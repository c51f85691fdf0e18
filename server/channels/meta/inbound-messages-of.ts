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

/** How deep a message may nest to be kept (Meta's go four or five levels; the database's JSON has its limits). */
const MAX_MESSAGE_DEPTH = 32

function depthOf(value: unknown, limit: number): number {
  if (limit < 0 || value === null || typeof value !== 'object') return 0
  let deepest = 0
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child, limit - 1))
  return deepest + 1
}

const KIND_OF_OBJECT: Record<string, ChannelKind> = {
  whatsapp_business_account: 'whatsapp',
  page: 'messenger',
  instagram: 'instagram',
}

/**
 * The messages people sent in one delivery (a delivery may batch several entries and events). Statuses,
 * reactions, reads, deliveries and the business's own echoes are not messages to answer; an object other
 * than the three channels' has none; a message nested deeper than any of Meta's is not kept.
 */
export function inboundMessagesOf(webhook: MetaWebhook): InboundMessage[] {
  const kind = KIND_OF_OBJECT[webhook.object]
  if (!kind) return []
  return messagesIn(webhook, kind).filter(({ message }) => depthOf(message, MAX_MESSAGE_DEPTH) <= MAX_MESSAGE_DEPTH)
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
      : (entry.messaging ?? []).flatMap((event) =>
          event.message && !event.message.is_echo
            ? [
                {
                  kind,
                  recipientId: event.recipient.id,
                  externalMessageId: event.message.mid,
                  senderId: event.sender.id,
                  sentAt: new Date(event.timestamp),
                  message: event.message,
                },
              ]
            : [],
        ),
  )
}
