import type { Database } from '../../db/database.ts'
import { chunkSection, type ChunkOptions } from './chunk-section.ts'
import type { Embedder } from './create-embedder.ts'
import { usualSearchConfig } from './detect-language.ts'
import { detectSearchConfigs } from './detect-search-configs.ts'
import { itemColumns } from './knowledge-item.ts'
import type { KnowledgeItemRef } from './replace-sections.ts'
import { availableSearchConfigs } from './search-configs.ts'
import { writeChunks, type ChunkRow } from './write-chunks.ts'

// Sections read, chunked, embedded and written together: bounded by count and characters, so many
// small texts share their statements and embeddings calls while a long document stays in memory a
// group at a time.
const GROUP_SECTIONS = 500
const GROUP_CHARACTERS = 400_000

interface IndexOptions {
  chunk: ChunkOptions
  embedder: Embedder | null
  signal?: AbortSignal
  onProgress?(done: number, total: number): Promise<void>
}

/** A section to index, its item and its length (for grouping). */
export interface SectionToIndex {
  id: string
  item: KnowledgeItemRef
  length?: number
}

export interface IndexSectionsOptions {
  item: KnowledgeItemRef
  sectionIds: string[]
  options: IndexOptions
}

/**
 * Chunks the given sections and indexes the chunks: a tsvector in the detected language's text-search
 * configuration (GIN-indexed), and a vector when an embedder is configured. Returns how many chunks.
 */
export async function indexSections(
  database: Database,
  { item, sectionIds, options }: IndexSectionsOptions,
): Promise<number> {
  const counts = await indexSectionGroups(database, { sections: sectionIds.map((id) => ({ id, item })), options })
  return counts.get(item.id) ?? 0
}

export interface IndexSectionGroupsOptions {
  sections: SectionToIndex[]
  options: IndexOptions
}

/** Indexes sections of any items in groups; answers how many chunks each item got. */
export async function indexSectionGroups(
  database: Database,
  { sections, options }: IndexSectionGroupsOptions,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  let done = 0
  for (const group of groupSections(sections)) {
    options.signal?.throwIfAborted()
    for (const [itemId, count] of await indexGroup(database, group, options))
      counts.set(itemId, (counts.get(itemId) ?? 0) + count)
    done += group.length
    await options.onProgress?.(done, sections.length)
  }
  return counts
}

function groupSections(sections: SectionToIndex[]) {
  const groups: SectionToIndex[][] = []
  let current: SectionToIndex[] = []
  let characters = 0
  for (const section of sections) {
    const length = section.length ?? GROUP_CHARACTERS / GROUP_SECTIONS
    if (current.length > 0 && (current.length >= GROUP_SECTIONS || characters + length > GROUP_CHARACTERS)) {
      groups.push(current)
      current = []
      characters = 0
    }
    current.push(section)
    characters += length
  }
  if (current.length > 0) groups.push(current)
  return groups
}

async function indexGroup(database: Database, group: SectionToIndex[], options: IndexOptions) {
  const configs = await availableSearchConfigs(database)
  const stored = await database.prisma.knowledgeSection.findMany({ where: { id: { in: group.map((s) => s.id) } } })
  const byId = new Map(stored.map((section) => [section.id, section]))
  const pieces: {
    section: SectionToIndex
    row: Omit<ChunkRow, 'embedding'>
    text: string
  }[] = []
  const found = group.filter((wanted) => byId.has(wanted.id)) // one deleted meanwhile has nothing to index
  const languages = await languagesOf(database, {
    sections: found.map((wanted) => ({ agentId: wanted.item.agentId, content: byId.get(wanted.id)?.content ?? '' })),
    configs,
  })
  for (const [index, wanted] of found.entries()) {
    const section = byId.get(wanted.id)
    if (!section) continue
    const { item } = wanted
    const language = languages[index] ?? 'simple'
    for (const [position, chunk] of chunkSection(section.content, options.chunk).entries()) {
      const title = chunk.heading ?? section.title
      pieces.push({
        section: wanted,
        text: [title, chunk.content].filter(Boolean).join('\n'),
        row: {
          accountId: item.accountId,
          agentId: item.agentId,
          ...itemColumns(item.type, item.id),
          sectionId: section.id,
          position: section.position * 10_000 + position,
          title,
          content: chunk.content,
          sourceUrl: section.sourceUrl,
          pageNumber: section.pageNumber,
          language,
          tokenCount: Math.ceil(chunk.content.length / 4),
        },
      })
    }
  }
  const vectors =
    options.embedder && pieces.length > 0
      ? await options.embedder.embed(
          pieces.map((piece) => piece.text),
          options.signal,
        )
      : []
  const rows = pieces.map((piece, index) => ({
    ...piece.row,
    embedding: vectors[index] ?? [],
    embeddingModel: vectors[index] ? options.embedder?.model : null,
  }))
  await writeChunks(database, { sectionIds: [...byId.keys()], rows })
  const counts = new Map<string, number>()
  for (const piece of pieces) counts.set(piece.section.item.id, (counts.get(piece.section.item.id) ?? 0) + 1)
  return counts
}

interface LanguagesOfOptions {
  sections: { agentId: string; content: string }[]
  configs: ReadonlySet<string>
}

/** Each section's text-search configuration, its agent's usual one as the fallback (detectSearchConfig). */
async function languagesOf(database: Database, { sections, configs }: LanguagesOfOptions) {
  const languages: string[] = Array.from({ length: sections.length })
  for (const [agentId, indexes] of Map.groupBy(sections.keys(), (index) => sections[index]?.agentId ?? '')) {
    const detected = await detectSearchConfigs({
      texts: indexes.map((index) => sections[index]?.content ?? ''),
      available: configs,
      fallback: await usualSearchConfig(database, agentId),
    })
    for (const [position, index] of indexes.entries()) languages[index] = detected[position] ?? 'simple'
  }
  return languages
}
