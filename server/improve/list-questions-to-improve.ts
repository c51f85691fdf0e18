import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import type { QuestionToImprove } from './improve.schemas.ts'
import { questionKeyOf } from './question-key.ts'

/** How far back the list looks, and at most how many answers it reads: the newest matter. */
const LOOK_BACK_DAYS = 90
const ANSWERS_READ = 2_000
const LISTED = 100
const COMMENTS_KEPT = 5

export interface ListQuestionsToImproveOptions {
  actor: Actor
  agentId: string
}

/**
 * The agent's questions to improve, for its readers: questions whose answer the knowledge did not ground
 * (no passage passed the relevance bar, or the answer cited none) and questions whose answer someone
 * rated down, in the last 90 days, grouped by questionKeyOf, newest first, with counts. A group the team
 * answered or dismissed leaves the list until the question is asked again, and still goes unanswered.
 */
export async function listQuestionsToImprove(
  database: Database,
  { actor, agentId }: ListQuestionsToImproveOptions,
): Promise<QuestionToImprove[]> {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  const answers = await database.prisma.message.findMany({
    where: {
      conversation: { agentId, isDeleted: false },
      senderType: 'ai',
      isDeleted: false,
      replyToId: { not: null },
      createdAt: { gte: new Date(Date.now() - LOOK_BACK_DAYS * 86_400_000) },
      OR: [{ ungrounded: { not: null } }, { feedback: { some: { rating: 'down' } } }],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: ANSWERS_READ,
    select: {
      text: true,
      replyToId: true,
      conversationId: true,
      createdAt: true,
      ungrounded: true,
      feedback: { where: { rating: 'down' }, select: { comment: true } },
    },
  })
  const questions = await database.prisma.message.findMany({
    where: { id: { in: answers.flatMap((answer) => (answer.replyToId ? [answer.replyToId] : [])) }, isDeleted: false },
    select: { id: true, text: true, createdAt: true },
  })
  const questionOf = new Map(questions.map((question) => [question.id, question]))
  const dealtWith = new Map(
    (await database.prisma.improvedQuestion.findMany({ where: { agentId } })).map((row) => [
      row.questionKey,
      row.createdAt,
    ]),
  )
  const groups = new Map<string, QuestionToImprove>()
  for (const answer of answers) {
    const question = answer.replyToId ? questionOf.get(answer.replyToId) : undefined
    if (!question || question.text.trim().length < 3) continue
    const key = questionKeyOf(question.text)
    const since = dealtWith.get(key)
    if (since && question.createdAt <= since) continue
    const unhelpful = answer.feedback.length > 0
    const group = groups.get(key) ?? {
      question: question.text.slice(0, 500),
      key,
      count: 0,
      last_asked_at: question.createdAt.toISOString(),
      reason: 'no_answer' as const,
      reasons: { no_answer: 0, unhelpful: 0 },
      last_answer: answer.text,
      comments: [],
      conversation_id: answer.conversationId,
    }
    group.count += 1
    if (unhelpful) group.reasons.unhelpful += 1
    else group.reasons.no_answer += 1
    if (unhelpful) group.reason = 'unhelpful'
    for (const { comment } of answer.feedback)
      if (comment && group.comments.length < COMMENTS_KEPT) group.comments.push(comment)
    groups.set(key, group)
  }
  return [...groups.values()].slice(0, LISTED)
}
