import type { Database } from '../db/database.ts'
import type { Rating } from './feedback.schemas.ts'

/** The ratings of some answers as the team sees them: the reader's own, and the conversation's visitor's. */
export interface AnswerFeedbackSummary {
  yours: Rating | null
  visitor: { rating: Rating; comment: string | null } | null
}

/**
 * The feedback on these answers that a reader sees: their own rating (rater `user:{userId}`), and the
 * visitor's with its comment, by answer id. One query for a page of messages.
 */
export async function answerFeedbackOf(
  database: Database,
  { messageIds, userId }: { messageIds: string[]; userId: string },
): Promise<Map<string, AnswerFeedbackSummary>> {
  const found = messageIds.length
    ? await database.prisma.answerFeedback.findMany({
        where: {
          messageId: { in: messageIds },
          OR: [{ rater: `user:${userId}` }, { rater: { startsWith: 'visitor:' } }],
        },
        select: { messageId: true, rater: true, rating: true, comment: true },
      })
    : []
  const summaries = new Map<string, AnswerFeedbackSummary>()
  for (const row of found) {
    const summary = summaries.get(row.messageId) ?? { yours: null, visitor: null }
    if (row.rater.startsWith('visitor:')) summary.visitor = { rating: row.rating, comment: row.comment }
    else summary.yours = row.rating
    summaries.set(row.messageId, summary)
  }
  return summaries
}
