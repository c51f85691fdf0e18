// POST /channels/meta/webhook/: what Meta sends for the operator's app, for every connected number, Page
// and Instagram account. Only a delivery signed with the app secret is read (else 401, nothing done); each
// message to a connected channel is kept once (Meta retries, and may deliver to any process); the answer
// is quick, for Meta waits on it. Messages to no connected channel are acknowledged and dropped.
import { z } from 'zod'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { Logger } from '../logging/create-logger.ts'
import { inboundMessagesOf, type InboundMessage } from './meta/inbound-messages-of.ts'
import { MetaWebhookSchema } from './meta/meta-webhook.schemas.ts'
import { isMetaSignature } from './meta/verify-meta-signature.ts'

export interface MetaWebhookReceiver {
  database: Database
  appSecret: string
  logger: Logger
}

const NOT_SIGNED_BY_META = 'This request is not signed by the Meta app this server is set up with'

function readDelivery(rawBody: Buffer) {
  let json: unknown
  try {
    json = JSON.parse(rawBody.toString('utf8'))
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook body is not JSON')
  }
  const parsed = MetaWebhookSchema.safeParse(json)
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', `The webhook body is not Meta's: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

/** Keeps the messages whose channel is connected, each once; answers how many were new. */
async function keepNew(database: Database, messages: InboundMessage[]) {
  if (messages.length === 0) return 0
  const channels = await database.prisma.messagingChannel.findMany({
    where: { OR: messages.map(({ kind, recipientId }) => ({ kind, externalId: recipientId })) },
    select: { id: true, kind: true, externalId: true },
  })
  const channelOf = new Map(channels.map((channel) => [`${channel.kind}:${channel.externalId}`, channel.id]))
  const rows = messages.flatMap((message) => {
    const channelId = channelOf.get(`${message.kind}:${message.recipientId}`)
    return channelId
      ? [
          {
            channelId,
            kind: message.kind,
            externalMessageId: message.externalMessageId,
            senderId: message.senderId,
            sentAt: message.sentAt,
            message: message.message as object,
          },
        ]
      : []
  })
  if (rows.length === 0) return 0
  // A message already kept (a retry, or the same delivery on another process) is skipped by its unique id.
  const { count } = await database.prisma.channelInboundMessage.createMany({ data: rows, skipDuplicates: true })
  return count
}

export async function receiveMetaWebhook(
  { database, appSecret, logger }: MetaWebhookReceiver,
  rawBody: Buffer,
  signature: string | undefined,
) {
  if (!isMetaSignature(appSecret, rawBody, signature)) throw new AppError('UNAUTHORIZED', NOT_SIGNED_BY_META)
  const delivery = readDelivery(rawBody)
  const messages = inboundMessagesOf(delivery)
  const kept = await keepNew(database, messages)
  logger.info({ object: delivery.object, messages: messages.length, kept }, 'meta webhook received')
  return { received: messages.length, kept }
}
