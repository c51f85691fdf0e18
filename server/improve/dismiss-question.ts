import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import { questionKeyOf } from './question-key.ts'

export interface DismissQuestionOptions {
  actor: Actor
  agentId: string
  question: string
}

/** Takes a question (and those like it) off the Improve list without answering it, until it is asked again. */
export async function dismissQuestion(database: Database, { actor, agentId, question }: DismissQuestionOptions) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const questionKey = questionKeyOf(question)
  await database.prisma.improvedQuestion.upsert({
    where: { agentId_questionKey: { agentId, questionKey } },
    create: { accountId: agent.accountId, agentId, questionKey, textId: null, userId: actor.userId },
    update: { textId: null, userId: actor.userId, createdAt: new Date() },
  })
  return { key: questionKey }
}
