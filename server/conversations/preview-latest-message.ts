import type { Prisma } from '../db/generated/prisma/client.ts'
import { PREVIEW_CHARACTERS } from './save-user-message.ts'

/** The conversation lists show its latest message: after a delete, an edit or a switch of versions, the latest shown. */
export async function previewLatestMessage(tx: Prisma.TransactionClient, conversationId: string) {
  const latest = await tx.message.findFirst({
    where: { conversationId, isDeleted: false },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { text: true },
  })
  await tx.conversation.update({
    where: { id: conversationId },
    data: { lastMessagePreview: latest ? latest.text.slice(0, PREVIEW_CHARACTERS) : null },
  })
}
