import type { Database } from '../db/database.ts'

// Earlier turns given to the model; older ones add cost more than meaning.
const HISTORY_MESSAGES = 12

/**
 * The conversation's latest messages before the given one, oldest first, as prompt turns: what a team
 * member wrote after joining counts as the assistant's side (the agent carries on from it); the chat's
 * own notices are no turn.
 */
export async function conversationHistory(
  database: Database,
  conversationId: string,
  before: Date,
): Promise<{ role: 'user' | 'assistant'; content: string }[]> {
  const messages = await database.prisma.message.findMany({
    where: { conversationId, isDeleted: false, createdAt: { lt: before }, senderType: { not: 'notice' } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: HISTORY_MESSAGES,
    select: { senderType: true, text: true },
  })
  return messages
    .reverse()
    .map((message) => ({ role: message.senderType === 'user' ? 'user' : 'assistant', content: message.text }))
}
