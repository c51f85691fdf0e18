import type { Database } from '../db/database.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts'
import { FEEDBACK_MESSAGES, type FeedbackView, type Rating } from './feedback.schemas.ts'

export interface RateAnswerOptions {
  /** The conversation the caller may rate in (already checked), and its agent. */
  conversation: { id: string; accountId: string; agentId: string }
  messageId: string
  /** "visitor:{visitorId}" or "user:{userId}": one rating per answer and rater. */
  rater: string
  raterUserId?: string | null
  rating: Rating
  comment?: string | undefined
}

/**
 * Rates one of the agent's answers in the conversation: a first rating is saved, a second by the same
 * rater replaces it (up or down, and the comment). A comment is kept with a thumbs-down only. Each rating
 * is sent to the account's answer.rated webhooks. Answers
 * `created` so the caller can tell a new rating from a change.
 */
export async function rateAnswer(
  database: Database,
  { conversation, messageId, rater, raterUserId = null, rating, comment }: RateAnswerOptions,
): Promise<{ feedback: FeedbackView; created: boolean; message: Message }> {
  const message = await database.prisma.message.findFirst({
    where: { id: messageId, conversationId: conversation.id, isDeleted: false },
  })
  if (!message) throw new AppError('NOT_FOUND', 'Message not found')
  // The agent's greeting answers nothing: only answers to a question are rated.
  if (message.senderType !== 'ai' || message.replyToId === null)
    throw new AppError('BAD_REQUEST', FEEDBACK_MESSAGES.notAnAnswer)
  const kept = rating === 'down' ? (comment?.trim() ?? null) || null : null
  const existing = await database.prisma.answerFeedback.findUnique({
    where: { messageId_rater: { messageId, rater } },
    select: { id: true },
  })
  const saved = await database.prisma.$transaction(async (tx) => {
    const row = await tx.answerFeedback.upsert({
      where: { messageId_rater: { messageId, rater } },
      create: {
        accountId: conversation.accountId,
        agentId: conversation.agentId,
        conversationId: conversation.id,
        messageId,
        rater,
        raterUserId,
        rating,
        comment: kept,
      },
      update: { rating, comment: kept },
    })
    await emitWebhookEvent(tx, {
      accountId: conversation.accountId,
      event: 'answer.rated',
      data: {
        conversation_id: conversation.id,
        agent_id: conversation.agentId,
        message_id: messageId,
        answer: message.text,
        rating,
        comment: kept,
        rated_by: rater.startsWith('visitor:') ? 'visitor' : 'user',
      },
    })
    return row
  })
  return {
    feedback: {
      message_id: messageId,
      rating: saved.rating,
      comment: saved.comment,
      updated_at: saved.updatedAt.toISOString(),
    },
    created: existing === null,
    message,
  }
}
