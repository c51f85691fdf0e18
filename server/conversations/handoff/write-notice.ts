import type { Conversation, Prisma } from '../../db/generated/prisma/client.ts'

/** A line the chat itself says (a person joined or left, a person was asked for), seen by the visitor and the team. */
export function writeNotice(
  tx: Prisma.TransactionClient,
  conversation: Pick<Conversation, 'id' | 'accountId'>,
  text: string,
) {
  return tx.message.create({
    data: {
      accountId: conversation.accountId,
      conversationId: conversation.id,
      senderType: 'notice',
      text,
      isRead: true,
    },
  })
}
