import { lockConversation } from '../../conversations/lock-conversation.ts'
import { toMessageView } from '../../conversations/message-view.ts'
import { PREVIEW_CHARACTERS } from '../../conversations/save-user-message.ts'
import type { Database } from '../../db/database.ts'
import type { Conversation } from '../../db/generated/prisma/client.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { storeAttachment, type PreparedAttachment } from './receive-attachment.ts'

export interface KeepMessageForPersonOptions {
  storage: FileStorage
  conversation: Pick<Conversation, 'id' | 'accountId'>
  text: string
  file?: PreparedAttachment | undefined
}

/**
 * A visitor's message in a chat a team member holds: saved for them to read (unread for the team), and
 * not answered by the agent, so it costs no tokens and no answer is metered. The file, if any, is stored
 * first: a message never names a file that is not there.
 */
export async function keepMessageForPerson(
  database: Database,
  { storage, conversation, text, file }: KeepMessageForPersonOptions,
) {
  if (file) await storeAttachment(storage, file)
  const attachments: object[] = file ? [file.stored] : []
  const message = await database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, conversation.id)
    const saved = await tx.message.create({
      data: {
        accountId: conversation.accountId,
        conversationId: conversation.id,
        senderType: 'user',
        text,
        attachments,
      },
    })
    await tx.conversation.update({
      where: { id: conversation.id },
      data: {
        status: 'pending',
        lastMessagePreview: text.slice(0, PREVIEW_CHARACTERS),
        lastMessageAt: saved.createdAt,
        unreadCount: { increment: 1 },
      },
    })
    return saved
  })
  return toMessageView(message)
}
