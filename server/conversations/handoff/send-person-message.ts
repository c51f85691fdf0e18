import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { lockConversation } from '../lock-conversation.ts'
import { toMessageView } from '../message-view.ts'
import { PREVIEW_CHARACTERS } from '../save-user-message.ts'
import { HANDOFF_MESSAGES } from './handoff.schemas.ts'
import { requireVisitorChat, type RequireVisitorChatOptions } from './require-visitor-chat.ts'

export interface SendPersonMessageOptions extends RequireVisitorChatOptions {
  text: string
}

/**
 * A team member who joined a visitor's chat writes to the visitor: the message is saved under the name the
 * visitor knows them by, and costs no answer (nothing is metered). Only the one holding the chat writes in it.
 */
export async function sendPersonMessage(database: Database, { text, ...options }: SendPersonMessageOptions) {
  await requireVisitorChat(database, options)
  const message = await database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, options.conversationId)
    const current = await tx.conversation.findUniqueOrThrow({ where: { id: options.conversationId } })
    if (current.personUserId !== options.actor.userId || !current.personName)
      throw new AppError('CONFLICT', HANDOFF_MESSAGES.joinFirst)
    const saved = await tx.message.create({
      data: {
        accountId: current.accountId,
        conversationId: current.id,
        senderType: 'person',
        senderName: current.personName,
        text,
        isRead: true,
      },
    })
    await tx.conversation.update({
      where: { id: current.id },
      data: { status: 'active', lastMessagePreview: text.slice(0, PREVIEW_CHARACTERS), lastMessageAt: saved.createdAt },
    })
    return saved
  })
  return toMessageView(message)
}
