// Retrieval, full text only: SciFact's test split on the embedded default (PGlite; nDCG@10 and
// Recall@100, as BEIR evaluates them, and how often the offline answerer cites a relevant document),
// and search latency for one agent at 5,000 and 100,000 passages on PGlite and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on a fresh PostgreSQL database; and the HNSW index's
// costs and latency on PGlite (measure-vector-index.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { searchFullText } from '../server/chat/retrieval/search-full-text.ts'
import type { Database } from '../server/db/database.ts'
import { detectVectorSearch } from '../server/db/detect-vector-search.ts'
import { applyMigrations } from '../server/db/migrations/apply-migrations.ts'
import { openEmbeddedDatabase } from '../server/db/open-embedded-database.ts'
import { openPostgresDatabase } from '../server/db/open-postgres-database.ts'
import { growTo, indexSciFact } from './index-sci-fact.ts'
import { measureFullTextLatency } from './measure-full-text-latency.ts'
import { measureVectorIndex } from './measure-vector-index.ts'
import { measureOfflineAnswerPairs } from './measure-offline-answer-pairs.ts'
import { measureOfflineAnswers } from './measure-offline-answers.ts'
import { measureOfflineFaq } from './offline-faq.ts'
import { ndcgAt, rankDocuments, readSciFactCorpus, readSciFactSplit, recallAt } from './scifact.ts'

async function createAccount(database: Database) {
  return (await database.prisma.user.create({ data: { email: 'bench@example.com', fullName: 'Bench' } })).id
}

async function measureQuality(database: Database, agentId: string) {
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
  return {
    passages: passages.length,
    queries: split.length,
    ndcgAt10: ndcg / split.length,
    recallAt100: recall / split.length,
    offlineAnswers,
  }
}

/** Latency at 5,000 passages (the first SciFact documents, grown by copies) and at 100,000. */
async function measureLatencies(database: Database, label: string, largeAgentId?: string) {
  const accountId = (await database.prisma.user.findFirstOrThrow()).id
  const corpus = readSciFactCorpus()
  const questions = readSciFactSplit('test').map((query) => query.text)
  const small = await indexSciFact(database, { accountId, documents: corpus.slice(0, 2_400) })
  const smallCount = await growTo(database, small, 5_000)
  const large = largeAgentId ?? (await indexSciFact(database, { accountId, documents: corpus }))
  const largeCount = await growTo(database, large, 100_000)
  const rows = [
    await measureFullTextLatency(database, { label, agentId: small, passages: smallCount, questions }),
    await measureFullTextLatency(database, { label, agentId: large, passages: largeCount, questions }),
  ]
  return { rows, smallAgentId: small }
}

async function measureOnPostgres(postgresUrl: string) {
  const name = `agentdesk_bench_retrieval_${Date.now()}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  const database = await openPostgresDatabase(url.toString(), 5)
  try {
    await applyMigrations(database)
    await createAccount(database)
    return (await measureLatencies(database, 'PostgreSQL')).rows
  } finally {
    await database.close()
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
}

export async function measureRetrieval() {
  const dataDir = mkdtempSync(join(tmpdir(), 'agentdesk-bench-retrieval-'))
  const database = await openEmbeddedDatabase(dataDir)
  try {
    await applyMigrations(database)
    const accountId = await createAccount(database)
    const corpus = readSciFactCorpus()
    const indexStarted = performance.now()
    const agentId = await indexSciFact(database, { accountId, documents: corpus })
    const indexSeconds = (performance.now() - indexStarted) / 1000
    const { offlineAnswers, ...quality } = await measureQuality(database, agentId)
    const { rows: latency, smallAgentId } = await measureLatencies(database, 'PGlite', agentId)
    await detectVectorSearch(database)
    // 2,000 vectors of 1,536 dimensions (text-embedding-3-small's): enough to see the trade, short enough to run.
    const vectorIndex = await measureVectorIndex(database, {
      agentId: smallAgentId,
      passages: 2_000,
      dimensions: 1_536,
    })
    const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
    if (postgresUrl) latency.push(...(await measureOnPostgres(postgresUrl)))
    return {
      sciFact: { documents: corpus.length, ...quality, indexSeconds },
      offlineAnswers,
      offlineFaqAnswers: measureOfflineFaq(),
      offlineAnswerPairs: measureOfflineAnswerPairs(),
      latency,
      vectorIndex,
    }
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
