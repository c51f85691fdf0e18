import type { Database } from '../db/database.ts'

// Earlier turns given to the model; older ones add cost more than meaning.
const HISTORY_MESSAGES = 12

/** The conversation's latest messages before the given one, oldest first, as prompt turns. */
export async function conversationHistory(
  database: Database,
  conversationId: string,
  before: Date,
): Promise<{ role: 'user' | 'assistant'; content: string }[]> {
  const messages = await database.prisma.message.findMany({
    where: { conversationId, isDeleted: false, createdAt: { lt: before } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: HISTORY_MESSAGES,
    select: { senderType: true, text: true },
  })
  return messages
    .reverse()
    .map((message) => ({ role: message.senderType === 'ai' ? 'assistant' : 'user', content: message.text }))
}
