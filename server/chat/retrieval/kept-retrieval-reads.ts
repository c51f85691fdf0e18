import type { Database } from '../../db/database.ts'
import { keptRowsOf, type KeptRowKind } from '../../db/caching/kept-rows.ts'
import type { Passage } from './passage.ts'
import { readQuestionPlan, type QuestionPlan, type ReadQuestionPlanOptions } from './read-question-plan.ts'

/** A passage as a question's retrieval cites it, with its agent (the change that empties it). */
type KeptPassage = Omit<Passage, 'score'> & { agentId: string }

// Any change to an agent's passages changes its knowledge_index_stats, whose signal names the agent.
/** Plans kept by this process, keyed by agent and question (questionPlanKey). */
const KEPT_PLANS: KeptRowKind<QuestionPlan> = {
  invalidatedBy: { knowledge_index_stats: (plan, agentId) => plan.agentId === agentId },
  maxEntries: 5_000,
}
/** Passages kept by this process, keyed by chunk id. */
const KEPT_PASSAGES: KeptRowKind<KeptPassage> = {
  invalidatedBy: { knowledge_index_stats: (passage, agentId) => passage.agentId === agentId },
  maxEntries: 10_000,
}

/** The key of a question's plan: the agent, and the question with its white space as the search reads it. */
const questionPlanKey = (agentId: string, question: string) => `${agentId}\n${question.trim().replace(/\s+/g, ' ')}`

/**
 * The question's plan (readQuestionPlan): kept by this process until the agent's passages change, so a
 * question asked again (a suggested question, a common one) costs no statement.
 */
export async function planQuestion(
  database: Database,
  { agentId, question }: ReadQuestionPlanOptions,
): Promise<QuestionPlan> {
  const read = () => readQuestionPlan(database, { agentId, question })
  const kept = keptRowsOf(database, KEPT_PLANS)
  return kept ? ((await kept.read(questionPlanKey(agentId, question), read)) ?? read()) : read()
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
  const kept = keptRowsOf(database, KEPT_PASSAGES)
  const passages = kept ? await kept.readMany(chunkIds, load) : await load(chunkIds)
  // Chunk ids are the agent's own ranking; a kept passage of another agent is never one of its answers.
  for (const [id, passage] of passages) if (passage.agentId !== agentId) passages.delete(id)
  return passages
}
