// Knowledge: chunking, embeddings, retrieval, crawling and reading documents. Part of ConfigSchema (config.schemas.ts).
import { z } from 'zod'
import { optionalUrl, originListFromEnvFree, wholeNumberFromEnv } from './env-values.ts'

export const KNOWLEDGE_SETTINGS = {
  // Knowledge: chunking, embeddings (any OpenAI-compatible endpoint; none configured: full-text search only)
  CHUNK_SIZE: wholeNumberFromEnv
    .pipe(
      z
        .number()
        .min(200, { error: 'must be between 200 and 8000' })
        .max(8_000, { error: 'must be between 200 and 8000' }),
    )
    .default(1_000),
  CHUNK_OVERLAP: wholeNumberFromEnv.pipe(z.number().max(2_000, { error: 'must be at most 2000' })).default(150),
  EMBEDDINGS_BASE_URL: optionalUrl('https://api.openai.com/v1'),
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
  EMBEDDING_DIMENSIONS: wholeNumberFromEnv.pipe(z.number().min(8).max(8_192)).optional(),
  EMBEDDING_BATCH_SIZE: wholeNumberFromEnv
    .pipe(
      z.number().min(1, { error: 'must be between 1 and 2048' }).max(2_048, { error: 'must be between 1 and 2048' }),
    )
    .default(64),

  // Retrieval: passages given to the answer, and how similar a passage must be to count (vectors)
  RETRIEVAL_TOP_K: wholeNumberFromEnv
    .pipe(z.number().min(1, { error: 'must be between 1 and 20' }).max(20, { error: 'must be between 1 and 20' }))
    .default(6),
  RETRIEVAL_MIN_SIMILARITY: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { error: 'must be a number between 0 and 1' })
    .transform(Number)
    .default(0.3),
  VECTOR_CACHE_MB: wholeNumberFromEnv.default(256),

  // Crawling: networks beyond the public internet the crawler may reach (CIDRs; none by default)
  CRAWLER_ALLOWED_NETWORKS: originListFromEnvFree().default([]),
  CRAWL_DELAY_MS: wholeNumberFromEnv.pipe(z.number().max(60_000, { error: 'must be at most 60000' })).default(500),
  CRAWL_TIMEOUT_MS: wholeNumberFromEnv
    .pipe(
      z
        .number()
        .min(1_000, { error: 'must be between 1000 and 120000' })
        .max(120_000, { error: 'must be between 1000 and 120000' }),
    )
    .default(15_000),
  CRAWL_PAGE_MAX_BYTES: wholeNumberFromEnv
    .pipe(z.number().min(10_000, { error: 'must be at least 10000' }))
    .default(5 * 1024 * 1024),
  CRAWL_USER_AGENT: z.string().min(3).default('AgentDeskBot/1.0'),

  // Reading uploaded documents: each file in a worker thread of its own, within these limits; a file over
  // one fails with the reason on its first attempt instead of taking the server's memory or time.
  EXTRACT_THREADS: wholeNumberFromEnv
    .pipe(z.number().min(1, { error: 'must be between 1 and 64' }).max(64, { error: 'must be between 1 and 64' }))
    .default(3),
  EXTRACT_MEMORY_MB: wholeNumberFromEnv
    .pipe(
      z
        .number()
        .min(16, { error: 'must be between 16 and 16384' })
        .max(16_384, { error: 'must be between 16 and 16384' }),
    )
    .default(512),
  EXTRACT_TIMEOUT_SECONDS: wholeNumberFromEnv
    .pipe(
      z.number().min(1, { error: 'must be between 1 and 3600' }).max(3_600, { error: 'must be between 1 and 3600' }),
    )
    .default(120),
  EXTRACT_MAX_EXPANDED_MB: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(100),
  EXTRACT_MAX_PAGES: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(5_000),
  EXTRACT_MAX_ROWS: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(1_000_000),
  EXTRACT_MAX_TEXT_MB: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(150),
}
