import type { Database } from '../db/database.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { refuseWhileAnswering, unansweredUserMessage } from './previous-turn.ts'

/**
 * Takes the conversation's last, failed user message for a new answer, with the conversation's row
 * locked: of two retries at the same instant one answers and the other is refused.
 */
export async function claimRetry(database: Database, conversationId: string, messageId: string, answerWindowMs: number): Promise<Message> {
  return database.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`select id from conversations where id = ${conversationId}::uuid for update`
    const unanswered = await unansweredUserMessage({ prisma: tx }, conversationId)
    if (!unanswered || unanswered.id !== messageId) throw new AppError('CONFLICT', 'Only the last message can be answered again, and only when its answer failed.')
    refuseWhileAnswering(unanswered, answerWindowMs)
    // Its updated_at moves to now: a second retry sees it being answered.
    return tx.message.update({ where: { id: messageId }, data: { answerError: null } })
  })
}
