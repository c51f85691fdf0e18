import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import { toJobView } from '../knowledge/embedding/job-view.ts'
import { queueEmbeddingJob } from '../knowledge/embedding/queue-embedding.ts'
import { toTextView } from '../knowledge/texts/text-view.ts'
import type { AnswerToImprove } from './improve.schemas.ts'
import { questionKeyOf } from './question-key.ts'

export interface AnswerQuestionToImproveOptions {
  queue: JobQueue
  actor: Actor
  agentId: string
  input: AnswerToImprove
}

const TITLE_CHARACTERS = 200

/**
 * The team's answer to a question to improve: a question-and-answer text in the agent's knowledge,
 * embedded at once (whatever the agent's automatic training says), so the same question asked again is
 * answered from it; the question's group leaves the Improve list. Needs `edit` on the agent, as any text.
 */
export async function answerQuestionToImprove(
  database: Database,
  { queue, actor, agentId, input }: AnswerQuestionToImproveOptions,
) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const questionKey = questionKeyOf(input.question)
  const { text, job } = await database.prisma.$transaction(async (tx) => {
    const text = await tx.text.create({
      data: {
        accountId: agent.accountId,
        agentId,
        title: input.question.slice(0, TITLE_CHARACTERS),
        content: `Question: ${input.question}\nAnswer: ${input.answer}`,
        description: 'Written from the Improve tab',
        tags: ['improve'],
        status: 'processing',
      },
    })
    const job = await queueEmbeddingJob(
      tx,
      { type: 'text', id: text.id, agentId, accountId: agent.accountId },
      { statusWritten: true },
    )
    await tx.improvedQuestion.upsert({
      where: { agentId_questionKey: { agentId, questionKey } },
      create: { accountId: agent.accountId, agentId, questionKey, textId: text.id, userId: actor.userId },
      update: { textId: text.id, userId: actor.userId, createdAt: new Date() },
    })
    return { text, job }
  })
  queue.wake()
  return toTextView(text, toJobView(job))
}
