import type { Database } from '../../db/database.ts'
import type { Job } from '../../db/generated/prisma/client.ts'
import type { BatchJobContext, BatchOutcome } from '../../jobs/job-handler.ts'
import { PermanentJobError } from '../../jobs/job-handler.ts'
import { markJobsSucceeded } from '../../jobs/mark-jobs-succeeded.ts'
import type { ChunkOptions } from '../indexing/chunk-section.ts'
import type { Embedder } from '../indexing/create-embedder.ts'
import { findUnindexedSections } from '../indexing/find-unindexed-sections.ts'
import { indexSectionGroups, type SectionToIndex } from '../indexing/index-sections.ts'
import type { KnowledgeItemType } from '../indexing/knowledge-item.ts'
import type { KnowledgeItemRef } from '../indexing/replace-sections.ts'
import { replaceTextSections } from '../indexing/replace-text-sections.ts'
import { markItemsEmbedded } from './mark-items-embedded.ts'
import { oneByOneOnFailure } from './one-by-one-on-failure.ts'
import { readEmbeddableItems } from './read-embeddable-items.ts'

// Items indexed and marked embedded together (one transaction): a slice's statements and embeddings
// calls carry many small texts, and its items become searchable as soon as it is written.
const SLICE_CHARACTERS = 400_000
const SLICE_ITEMS = 500
const DELETED_MEANWHILE = 'The item was deleted while it was being embedded.'

export interface EmbedItemsOptions {
  embedder: Embedder | null
  chunk: ChunkOptions
  items: { job: Job; payload: { type: KnowledgeItemType; id: string } }[]
  reportProgress: BatchJobContext['reportProgress']
  signal: AbortSignal
}

interface Work {
  job: Job
  item: KnowledgeItemRef
  sections: SectionToIndex[]
}

/**
 * The embed jobs of a batch: reads their items, stores the texts' sections, chunks and indexes every
 * section without chunks in slices, and marks each slice's items embedded and their jobs succeeded in
 * one transaction. A failure that may be one item's is retried item by item, so it fails only that job.
 */
export async function embedItems(database: Database, options: EmbedItemsOptions): Promise<Map<string, BatchOutcome>> {
  const { items, reportProgress, signal } = options
  const outcomes = new Map<string, BatchOutcome>()
  const reads = await readEmbeddableItems(
    database,
    items.map(({ payload }) => payload),
  )
  const readable: { job: Job; item: KnowledgeItemRef; textSection?: { title?: string; content: string } }[] = []
  for (const { job, payload } of items) {
    const read = reads.get(payload.id)
    if (!read || 'refusal' in read) outcomes.set(job.id, { error: read?.refusal ?? new Error('Not read.') })
    else readable.push({ job, ...read })
  }
  if (readable.length === 0) return outcomes
  await reportProgress(
    readable.map(({ job }) => job.id),
    5,
    'Reading the content',
  )
  const texts = readable.flatMap(({ item, textSection }) => (textSection ? [{ item, section: textSection }] : []))
  await oneByOneOnFailure({
    entries: texts,
    signal,
    work: (some) => replaceTextSections(database, some),
    fail: (text, error) => {
      const failed = readable.find((entry) => entry.item.id === text.item.id)
      if (failed) outcomes.set(failed.job.id, { error })
    },
  })
  const live = readable.filter(({ job }) => !outcomes.has(job.id))
  const { sections, sectionCounts } = await findUnindexedSections(
    database,
    live.map(({ item }) => item),
  )
  const sectionsOf = Map.groupBy(sections, (section) => section.item.id)
  const works: Work[] = []
  for (const { job, item } of live) {
    if (item.type !== 'text' && !sectionCounts.get(item.id)) {
      outcomes.set(job.id, {
        error: new PermanentJobError(
          item.type === 'website'
            ? 'The website has no crawled content yet: wait for its crawl to finish, or crawl it again.'
            : 'The document has no text.',
        ),
      })
    } else works.push({ job, item, sections: sectionsOf.get(item.id) ?? [] })
  }
  for (const slice of slicesOf(works))
    await oneByOneOnFailure({
      entries: slice,
      signal,
      work: async (some) => {
        for (const [jobId, outcome] of await embedSlice(database, { ...options, works: some }))
          outcomes.set(jobId, outcome)
      },
      fail: (work, error) => outcomes.set(work.job.id, { error }),
    })
  return outcomes
}

interface EmbedSliceOptions extends EmbedItemsOptions {
  works: Work[]
}

async function embedSlice(database: Database, { works, embedder, chunk, reportProgress, signal }: EmbedSliceOptions) {
  const jobIds = works.map(({ job }) => job.id)
  const counts = await indexSectionGroups(database, {
    sections: works.flatMap((work) => work.sections),
    options: {
      chunk,
      embedder,
      signal,
      onProgress: (done, total) =>
        total > 1
          ? reportProgress(jobIds, 10 + (done / total) * 89, `Indexed ${done} of ${total} sections`)
          : Promise.resolve(),
    },
  })
  const results = works.map(({ job, item, sections }) => ({
    id: job.id,
    lockedBy: job.lockedBy,
    result: { sections: sections.length, chunks: counts.get(item.id) ?? 0 },
  }))
  // The items read as embedded from here, so they may be changed (and embedded again) from here: their
  // jobs let go of them (and read as succeeded) with the same write. An item deleted meanwhile fails its job.
  const { marked, recorded } = await database.prisma.$transaction(async (transaction) => {
    const marked = await markItemsEmbedded(
      transaction,
      works.map(({ item }) => item),
    )
    const succeeded = results.filter((_result, index) => marked.has(works[index]?.item.id ?? ''))
    return { marked, recorded: new Set(await markJobsSucceeded(transaction, succeeded)) }
  })
  return new Map<string, BatchOutcome>(
    results.map(({ id, result }, index) => [
      id,
      marked.has(works[index]?.item.id ?? '')
        ? { result, isSettled: recorded.has(id) }
        : { error: new PermanentJobError(DELETED_MEANWHILE) },
    ]),
  )
}

function slicesOf(works: Work[]) {
  const slices: Work[][] = []
  let current: Work[] = []
  let characters = 0
  for (const work of works) {
    const length = work.sections.reduce((sum, section) => sum + (section.length ?? 0), 0)
    if (current.length > 0 && (current.length >= SLICE_ITEMS || characters + length > SLICE_CHARACTERS)) {
      slices.push(current)
      current = []
      characters = 0
    }
    current.push(work)
    characters += length
  }
  if (current.length > 0) slices.push(current)
  return slices
}
