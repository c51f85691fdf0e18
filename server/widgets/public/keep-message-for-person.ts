import { lockConversation } from '../../conversations/lock-conversation.ts'
import { toMessageView } from '../../conversations/message-view.ts'
import { PREVIEW_CHARACTERS } from '../../conversations/save-user-message.ts'
import type { Database } from '../../db/database.ts'
import type { Conversation } from '../../db/generated/prisma/client.ts'
import type { PreparedAttachment } from './receive-attachment.ts'
import { removeUnsavedAttachment, storeAttachment, type AttachmentStore } from './store-attachment.ts'

export interface KeepMessageForPersonOptions {
  /** Where the file, if any, is written. */
  store: AttachmentStore
  conversation: Pick<Conversation, 'id' | 'accountId'>
  text: string
  file?: PreparedAttachment | undefined
}

/**
 * A visitor's message in a chat a team member holds: saved for them to read (unread for the team), and
 * not answered by the agent, so it costs no tokens and no answer is metered. The file, if any, is stored
 * first: a message never names a file that is not there (and a message not saved takes it away again).
 */
export async function keepMessageForPerson(
  database: Database,
  { store, conversation, text, file }: KeepMessageForPersonOptions,
) {
  if (file) await storeAttachment(store, file)
  const attachments: object[] = file ? [file.stored] : []
  const message = await database.prisma
    .$transaction(async (tx) => {
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
    .catch(async (error: unknown) => {
      if (file) await removeUnsavedAttachment(store, file)
      throw error
    })
  return toMessageView(message)
}
