import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { toConversationView } from '../conversation-view.ts'
import { lockConversation } from '../lock-conversation.ts'
import { toMessageView } from '../message-view.ts'
import { HANDOFF_MESSAGES, HANDOFF_NOTICES } from './handoff.schemas.ts'
import { requireVisitorChat, type RequireVisitorChatOptions } from './require-visitor-chat.ts'
import { writeNotice } from './write-notice.ts'

/**
 * Hands a visitor's chat back to the agent, which answers the visitor's next message. Any team member who
 * may chat in it can, not only the one who joined (who may have gone home); the visitor reads "{name}
 * left the chat" with the name of the one who was in it.
 */
export async function releaseConversation(database: Database, options: RequireVisitorChatOptions) {
  await requireVisitorChat(database, options)
  return database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, options.conversationId)
    const current = await tx.conversation.findUniqueOrThrow({ where: { id: options.conversationId } })
    if (!current.personName) throw new AppError('CONFLICT', HANDOFF_MESSAGES.notHeld)
    const notice = await writeNotice(tx, current, HANDOFF_NOTICES.left(current.personName))
    const conversation = await tx.conversation.update({
      where: { id: current.id },
      data: { personUserId: null, personName: null, personRequestedAt: null },
      include: { agent: { select: { name: true } } },
    })
    return { conversation: toConversationView(conversation), notice: toMessageView(notice) }
  })
}
