import OpenAI from 'openai'
import type { Config } from '../../config/config.schemas.ts'

// Characters per request (about 4 a token): OpenAI takes at most 300,000 tokens per request, and
// smaller servers (Ollama, llama.cpp) read a request whole; a batch stays well below.
const REQUEST_CHARACTERS = 400_000

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
      for (const batch of requestsOf(texts, batchSize)) {
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

/** The texts cut into requests of at most `count` inputs and REQUEST_CHARACTERS characters, in order. */
function requestsOf(texts: string[], count: number) {
  const requests: string[][] = []
  let current: string[] = []
  let characters = 0
  for (const text of texts) {
    if (current.length > 0 && (current.length >= count || characters + text.length > REQUEST_CHARACTERS)) {
      requests.push(current)
      current = []
      characters = 0
    }
    current.push(text)
    characters += text.length
  }
  if (current.length > 0) requests.push(current)
  return requests
}
