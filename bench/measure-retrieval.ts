// Retrieval on the embedded default (PGlite), full text only: SciFact's test split (nDCG@10 and
// Recall@100, as BEIR evaluates them, and how often the offline answerer cites a relevant document), and search latency for one agent at 5,000 and 100,000 passages.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { searchFullText } from '../server/chat/retrieval/search-full-text.ts'
import type { Database } from '../server/db/database.ts'
import { applyMigrations } from '../server/db/migrations/apply-migrations.ts'
import { openEmbeddedDatabase } from '../server/db/open-embedded-database.ts'
import { indexSections } from '../server/knowledge/indexing/index-sections.ts'
import { replaceSections } from '../server/knowledge/indexing/replace-sections.ts'
import { measureOfflineAnswers } from './measure-offline-answers.ts'
import { measureOfflineFaq } from './offline-faq.ts'
import { ndcgAt, rankDocuments, readSciFactCorpus, readSciFactSplit, recallAt, type CorpusDocument } from './scifact.ts'

const CHUNK = { size: 1_000, overlap: 150 } // the server's defaults (CHUNK_SIZE, CHUNK_OVERLAP)

async function indexCorpus(database: Database, accountId: string, documents: CorpusDocument[]) {
  const agent = await database.prisma.agent.create({ data: { accountId, name: 'SciFact' } })
  for (const document of documents) {
    const content = document.text || document.title
    const text = await database.prisma.text.create({
      data: {
        accountId,
        agentId: agent.id,
        title: document.title.slice(0, 200),
        content,
        metaData: { corpus_id: document._id },
      },
    })
    const item = { type: 'text' as const, id: text.id, agentId: agent.id, accountId }
    const { changedSectionIds } = await replaceSections(database, item, [{ title: document.title, content }])
    await indexSections(database, { item, sectionIds: changedSectionIds, options: { chunk: CHUNK, embedder: null } })
  }
  return agent.id
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0

async function latencies(database: Database, agentId: string, questions: string[]) {
  const times: number[] = []
  for (const question of questions) {
    const started = performance.now()
    await searchFullText(database, { agentId, question, options: { limit: 40, minCoverage: 0.3 } })
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) }
}

/** Copies the agent's passages (with fresh ids) until it holds `target` of them. */
async function growTo(database: Database, agentId: string, target: number) {
  for (;;) {
    const count = await database.prisma.knowledgeChunk.count({ where: { agentId } })
    if (count >= target) return count
    await database.prisma.$executeRaw`
      insert into knowledge_chunks (id, account_id, agent_id, source_type, text_id, position, title, content, language, token_count, term_count, search_vector, embedding, created_at)
      select gen_random_uuid(), account_id, agent_id, source_type, text_id, position, title, content, language, token_count, term_count, search_vector, embedding, now()
      from knowledge_chunks where agent_id = ${agentId}::uuid
      limit ${Math.min(count, target - count)}`
  }
}

export async function measureRetrieval() {
  const dataDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-retrieval-'))
  const database = await openEmbeddedDatabase(dataDir)
  try {
    await applyMigrations(database)
    const accountId = (await database.prisma.user.create({ data: { email: 'bench@example.com', fullName: 'Bench' } }))
      .id
    const corpus = readSciFactCorpus()
    const indexStarted = performance.now()
    const agentId = await indexCorpus(database, accountId, corpus)
    const indexSeconds = (performance.now() - indexStarted) / 1000
    const passages = await database.prisma.knowledgeChunk.findMany({
      where: { agentId },
      select: { id: true, text: { select: { metaData: true } } },
    })
    const corpusIdOf = new Map(
      passages.map((passage) => [
        passage.id,
        String((passage.text?.metaData as { corpus_id?: string } | null)?.corpus_id),
      ]),
    )
    const split = readSciFactSplit('test')
    let ndcg = 0
    let recall = 0
    for (const query of split) {
      const hits = await searchFullText(database, {
        agentId,
        question: query.text,
        options: { limit: 300, minCoverage: 0 },
      })
      const ranked = rankDocuments(hits.map((hit) => corpusIdOf.get(hit.chunkId) ?? ''))
      ndcg += ndcgAt(10, ranked, query.relevant)
      recall += recallAt(100, ranked, query.relevant)
    }
    const texts = await database.prisma.text.findMany({ where: { agentId }, select: { id: true, metaData: true } })
    const offlineAnswers = await measureOfflineAnswers(database, {
      agentId,
      corpusIdOfText: new Map(
        texts.map((text) => [text.id, String((text.metaData as { corpus_id?: string } | null)?.corpus_id)]),
      ),
      queries: split,
    })
    const questions = split.map((query) => query.text)
    // 5,000 passages: the first SciFact documents, in an agent of their own.
    const small = await indexCorpus(database, accountId, corpus.slice(0, 2_400))
    const smallCount = await growTo(database, small, 5_000)
    const at5k = await latencies(database, small, questions)
    const largeCount = await growTo(database, agentId, 100_000)
    const at100k = await latencies(database, agentId, questions)
    return {
      sciFact: {
        documents: corpus.length,
        passages: passages.length,
        queries: split.length,
        indexSeconds,
        ndcgAt10: ndcg / split.length,
        recallAt100: recall / split.length,
      },
      offlineAnswers,
      offlineFaqAnswers: measureOfflineFaq(),
      latency: [
        { passages: smallCount, ...at5k },
        { passages: largeCount, ...at100k },
      ],
    }
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
