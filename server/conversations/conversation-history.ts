import type { Database } from '../db/database.ts'

// Earlier turns given to the model; older ones add cost more than meaning.
export const HISTORY_MESSAGES = 12

export type HistoryTurn = { role: 'user' | 'assistant'; content: string }

// A message saved by a statement that also read the turns before it (insertUserMessage): no second read.
const readWithMessage = new WeakMap<object, HistoryTurn[]>()

/** Keeps the turns read with the message, for conversationHistory. */
export function historyReadWith(message: object, turns: HistoryTurn[]) {
  readWithMessage.set(message, turns)
}

/** The prompt turn of a stored message: a team member's words count as the assistant's side. */
export const turnOf = (message: { senderType: string; text: string }): HistoryTurn => ({
  role: message.senderType === 'user' ? 'user' : 'assistant',
  content: message.text,
})

/**
 * The conversation's latest messages before the given one, oldest first, as prompt turns: what a team
 * member wrote after joining counts as the assistant's side (the agent carries on from it); the chat's
 * own notices are no turn.
 */
export async function conversationHistory(
  database: Database,
  message: { conversationId: string; createdAt: Date },
): Promise<HistoryTurn[]> {
  const known = readWithMessage.get(message)
  if (known) return known
  const { conversationId, createdAt: before } = message
  const messages = await database.prisma.message.findMany({
    where: { conversationId, isDeleted: false, createdAt: { lt: before }, senderType: { not: 'notice' } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: HISTORY_MESSAGES,
    select: { senderType: true, text: true },
  })
  return messages.reverse().map(turnOf)
}
