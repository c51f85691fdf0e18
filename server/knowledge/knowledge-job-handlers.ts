import type { Config } from '../config/config.schemas.ts'
import type { Database } from '../db/database.ts'
import type { JobHandler } from '../jobs/job-handler.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { createExtractDocumentHandler, EXTRACT_DOCUMENT_JOB } from './documents/extract-document-job.ts'
import { extractionLimitsOf } from './documents/extract/extraction-limits.ts'
import { createEmbedItemHandler } from './embedding/embed-item-job.ts'
import { EMBED_ITEM_JOB } from './embedding/start-embedding.ts'
import { createCrawlWebsiteHandler } from './websites/crawl-website-job.ts'
import { CRAWL_WEBSITE_JOB } from './websites/queue-crawl.ts'
import type { Embedder } from './indexing/create-embedder.ts'

export interface CreateKnowledgeJobHandlersOptions {
  config: Config
  database: Database
  storage: FileStorage
  embedder: Embedder | null
}

/** Every kind of knowledge job and the function that does it. */
export function createKnowledgeJobHandlers({
  config,
  database,
  storage,
  embedder,
}: CreateKnowledgeJobHandlersOptions): Record<string, JobHandler> {
  const chunk = { size: config.CHUNK_SIZE, overlap: Math.min(config.CHUNK_OVERLAP, Math.floor(config.CHUNK_SIZE / 2)) }
  return {
    [EMBED_ITEM_JOB]: createEmbedItemHandler({ database, embedder, chunk }),
    [CRAWL_WEBSITE_JOB]: createCrawlWebsiteHandler({ config, database, embedder, chunk }),
    [EXTRACT_DOCUMENT_JOB]: createExtractDocumentHandler({ database, storage, limits: extractionLimitsOf(config) }),
  }
}
