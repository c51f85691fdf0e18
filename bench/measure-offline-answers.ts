// The offline answerer on SciFact (issue 19): with the passages retrieval gives an answer (the server's
// top 5, full text), how often the answer cites a document the benchmark judges relevant, beside how
// often a relevant one was retrieved at all (the ceiling), and how many sentences an answer quotes.
import { pino } from 'pino'
import { answerOffline } from '../server/chat/answering/answer-offline.ts'
import { retrievePassages } from '../server/chat/retrieval/retrieve-passages.ts'
import { createVectorSearch } from '../server/chat/retrieval/search-vectors.ts'
import type { Database } from '../server/db/database.ts'
import type { readSciFactSplit } from './scifact.ts'

type SplitQuery = ReturnType<typeof readSciFactSplit>[number]

const TOP_K = 5 // the server's RETRIEVAL_TOP_K default

export async function measureOfflineAnswers(
  database: Database,
  { agentId, corpusIdOfText, queries }: { agentId: string; corpusIdOfText: Map<string, string>; queries: SplitQuery[] },
) {
  const retriever = {
    database,
    embedder: null,
    vectors: createVectorSearch(database, 'in-process', 0),
    logger: pino({ level: 'silent' }),
    topK: TOP_K,
    minSimilarity: 0,
  }
  let retrieved = 0
  let cited = 0
  let sentences = 0
  for (const query of queries) {
    const passages = await retrievePassages({ retriever, agentId, question: query.text })
    const corpusIds = passages.map((passage) => corpusIdOfText.get(passage.textId ?? '') ?? '')
    if (corpusIds.some((id) => (query.relevant.get(id) ?? 0) > 0)) retrieved += 1
    const answer = answerOffline(query.text, passages)
    const citations = [...answer.matchAll(/\[(\d+)\]/g)].map((match) => corpusIds[Number(match[1]) - 1] ?? '')
    if (citations.some((id) => (query.relevant.get(id) ?? 0) > 0)) cited += 1
    sentences += answer.split('\n').filter((line) => /\[\d+\]$/.test(line)).length
  }
  return {
    queries: queries.length,
    relevantRetrieved: retrieved / queries.length,
    answersCitingRelevant: cited / queries.length,
    sentencesPerAnswer: sentences / queries.length,
  }
}
