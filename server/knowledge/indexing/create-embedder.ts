import OpenAI from 'openai'
import type { Config } from '../../config/config.schemas.ts'

export interface Embedder {
  model: string
  /** One vector per text, in order. */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>
}

/**
 * Embeddings through the openai SDK from any OpenAI-compatible endpoint (OpenAI, Azure, Ollama, vLLM,
 * llama.cpp), or null when none is configured: retrieval then runs on full-text search alone. The SDK
 * retries 429 and 5xx answers with exponential backoff and honours Retry-After.
 */
export function createEmbedder(config: Config): Embedder | null {
  if (!config.EMBEDDINGS_BASE_URL && !config.EMBEDDINGS_API_KEY) return null
  const client = new OpenAI({
    baseURL: config.EMBEDDINGS_BASE_URL ?? 'https://api.openai.com/v1',
    apiKey: config.EMBEDDINGS_API_KEY ?? 'not-needed',
    maxRetries: 5,
    timeout: 60_000,
  })
  const batchSize = config.EMBEDDING_BATCH_SIZE
  return {
    model: config.EMBEDDING_MODEL,
    async embed(texts, signal) {
      const vectors: number[][] = []
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize)
        const response = await client.embeddings.create(
          {
            model: config.EMBEDDING_MODEL,
            input: batch,
            encoding_format: 'float',
            ...(config.EMBEDDING_DIMENSIONS ? { dimensions: config.EMBEDDING_DIMENSIONS } : {}),
          },
          { signal },
        )
        const ordered = [...response.data].sort((a, b) => a.index - b.index)
        if (ordered.length !== batch.length)
          throw new Error(`The embedding endpoint answered ${ordered.length} vectors for ${batch.length} texts.`)
        vectors.push(...ordered.map((item) => item.embedding))
      }
      return vectors
    },
  }
}
