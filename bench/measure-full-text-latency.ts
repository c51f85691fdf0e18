// Full-text search latency for one agent at a given size: in SQL (MaxScore over the tsvectors, the
// path before decision 035) and from the passages held in memory, with the cost of reading them.
import { loadavg } from 'node:os'
import { preparePassageIndex } from '../server/chat/retrieval/passage-indexes.ts'
import { searchFullText } from '../server/chat/retrieval/search-full-text.ts'
import type { Database } from '../server/db/database.ts'
import { growTo } from './index-sci-fact.ts'

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0
const round = (value: number, digits = 1) => Number(value.toFixed(digits))

async function latencies(database: Database, agentId: string, questions: string[], inMemory: boolean) {
  const times: number[] = []
  for (const question of questions) {
    const started = performance.now()
    await searchFullText(database, { agentId, question, options: { limit: 40, minCoverage: 0.3, inMemory } })
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: round(percentile(times, 0.5), 2), p99: round(percentile(times, 0.99), 2) }
}

export interface FullTextLatencyOptions {
  label: string
  agentId: string
  passages: number
  questions: string[]
}

/** p50 and p99 of the questions in SQL and in memory, and how long the agent's index took to read. */
export async function measureFullTextLatency(
  database: Database,
  { label, agentId, passages, questions }: FullTextLatencyOptions,
) {
  const sql = await latencies(database, agentId, questions, false)
  const loadStarted = performance.now()
  const index = await preparePassageIndex(database, agentId)
  const indexLoadMs = performance.now() - loadStarted
  const memory = await latencies(database, agentId, questions, true)
  // 100 passages more (copies), then one question: it reads what changed instead of the whole index.
  await growTo(database, agentId, passages + 100)
  const changedStarted = performance.now()
  await searchFullText(database, { agentId, question: questions[0] ?? '', options: { limit: 40, minCoverage: 0.3 } })
  const afterChangeMs = performance.now() - changedStarted
  return {
    database: label,
    passages,
    sqlP50Ms: sql.p50,
    sqlP99Ms: sql.p99,
    indexLoadMs: round(indexLoadMs, 0),
    indexMb: index ? round(index.bytes / 1_048_576) : null,
    memoryP50Ms: memory.p50,
    memoryP99Ms: memory.p99,
    firstAfter100AddedMs: round(afterChangeMs, 1),
    // The machine's load while measuring (1-minute average), to read the timings against.
    loadAverage: round(loadavg()[0] ?? 0, 2),
  }
}
