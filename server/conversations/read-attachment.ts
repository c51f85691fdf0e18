import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { requireConversation } from './require-conversation.ts'

const NOT_FOUND = 'Attachment not found'

export interface ReadAttachmentOptions {
  storage: FileStorage
  actor: Actor
  agentId: string
  conversationId: string
  messageId: string
  index: number
}

/** A file a visitor attached to a message, for those who may read the conversation. */
export async function readAttachment(
  database: Database,
  { storage, actor, agentId, conversationId, messageId, index }: ReadAttachmentOptions,
) {
  await requireConversation(database, { actor, agentId, conversationId, need: 'read' })
  const message = await database.prisma.message.findFirst({
    where: { id: messageId, conversationId, isDeleted: false },
    select: { attachments: true },
  })
  const attachment = (Array.isArray(message?.attachments) ? message.attachments : [])[index] as
    { key?: string; name?: string } | undefined
  if (!attachment?.key) throw new AppError('NOT_FOUND', NOT_FOUND)
  const file = await storage.get(attachment.key)
  if (!file) throw new AppError('NOT_FOUND', NOT_FOUND)
  return { file, name: attachment.name ?? 'attachment' }
}
