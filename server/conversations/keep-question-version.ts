import type { Message, Prisma } from '../db/generated/prisma/client.ts'
import { laterMessagesWhere } from './later-messages.ts'

/**
 * Before a question is edited in place, keeps its words and everything after them as its previous
 * version (docs/decisions/044-edited-questions-keep-their-versions.md): a copy of the question as it was
 * (same time, same version number), hidden together with the later messages, its answers pointing at
 * the copy. Returns the version number the edited question takes: one past the group's last.
 */
export async function keepQuestionVersion(tx: Prisma.TransactionClient, question: Message): Promise<number> {
  const firstVersionId = question.versionOfId ?? question.id
  const previous = await tx.message.create({
    data: {
      accountId: question.accountId,
      conversationId: question.conversationId,
      senderType: question.senderType,
      senderName: question.senderName,
      text: question.text,
      attachments: question.attachments ?? [],
      isRead: question.isRead,
      editedAt: question.editedAt,
      answerError: question.answerError,
      partialAnswer: question.partialAnswer,
      createdAt: question.createdAt,
      versionOfId: firstVersionId,
      version: question.version,
      isDeleted: true,
    },
  })
  await tx.message.updateMany({
    where: { OR: [{ id: previous.id }, laterMessagesWhere(question)] },
    data: { isDeleted: true, hiddenWithId: previous.id },
  })
  await tx.message.updateMany({
    where: { hiddenWithId: previous.id, replyToId: question.id },
    data: { replyToId: previous.id },
  })
  const last = await tx.message.aggregate({
    where: { OR: [{ id: firstVersionId }, { versionOfId: firstVersionId }] },
    _max: { version: true },
  })
  return (last._max.version ?? question.version) + 1
}
