import type { Database } from '../../db/database.ts'
import { keptRowsOf, questionPlanKey, type KeptPassage } from '../../db/caching/kept-rows.ts'
import { readQuestionPlan, type QuestionPlan, type ReadQuestionPlanOptions } from './read-question-plan.ts'

/**
 * The question's plan (readQuestionPlan): kept by this process until the agent's passages change, so a
 * question asked again (a suggested question, a common one) costs no statement.
 */
export async function planQuestion(
  database: Database,
  { agentId, question }: ReadQuestionPlanOptions,
): Promise<QuestionPlan> {
  const read = () => readQuestionPlan(database, { agentId, question })
  const kept = keptRowsOf(database)
  return kept ? ((await kept.questionPlans.read(questionPlanKey(agentId, question), read)) ?? read()) : read()
}

export interface ReadPassagesOptions {
  agentId: string
  chunkIds: string[]
}

/** What a citation needs of the agent's passages, by chunk id (a deleted one is absent); those kept need no statement. */
export async function readPassages(
  database: Database,
  { agentId, chunkIds }: ReadPassagesOptions,
): Promise<Map<string, KeptPassage>> {
  const load = async (ids: string[]) => {
    const chunks = await database.prisma.knowledgeChunk.findMany({
      where: { agentId, id: { in: ids } },
      select: {
        id: true,
        agentId: true,
        sourceType: true,
        documentId: true,
        textId: true,
        websiteId: true,
        title: true,
        content: true,
        sourceUrl: true,
        pageNumber: true,
      },
    })
    return new Map(chunks.map(({ id, ...chunk }) => [id, { chunkId: id, ...chunk }]))
  }
  const kept = keptRowsOf(database)
  const passages = kept ? await kept.passages.readMany(chunkIds, load) : await load(chunkIds)
  // Chunk ids are the agent's own ranking; a kept passage of another agent is never one of its answers.
  for (const [id, passage] of passages) if (passage.agentId !== agentId) passages.delete(id)
  return passages
}
