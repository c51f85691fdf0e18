import type { Message, Prisma } from '../db/generated/prisma/client.ts'

/** The messages shown after a message in its conversation, in the order every list reads: time, then id. */
export function laterMessagesWhere(
  message: Pick<Message, 'id' | 'conversationId' | 'createdAt'>,
): Prisma.MessageWhereInput {
  return {
    conversationId: message.conversationId,
    isDeleted: false,
    OR: [{ createdAt: { gt: message.createdAt } }, { createdAt: message.createdAt, id: { gt: message.id } }],
  }
}
