import type { Database } from '../db/database.ts'
import type { Message, Prisma } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'

/**
 * The conversation's last message when it is a user message still without an answer: one being
 * answered right now (a second message must wait for it), or one whose answer failed (a retry).
 */
export async function unansweredUserMessage(database: Database | { prisma: Prisma.TransactionClient }, conversationId: string): Promise<Message | null> {
  const last = await database.prisma.message.findFirst({ where: { conversationId, isDeleted: false }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })
  return last?.senderType === 'user' ? last : null
}

/** Refuses a new message while the agent is still answering the previous one. */
export function refuseWhileAnswering(unanswered: Message | null, answerWindowMs: number): void {
  // updated_at: when it was sent, or when a retry took it up again.
  if (unanswered && unanswered.answerError === null && Date.now() - unanswered.updatedAt.getTime() < answerWindowMs) {
    throw new AppError('CONFLICT', 'The agent is still answering the previous message. Wait for its answer, then send again.')
  }
}
