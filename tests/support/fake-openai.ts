import { createHash } from 'node:crypto'
import { sendJson, startLocalServer } from './local-http-server.ts'

/** A deterministic vector for a text: the same text always gets the same direction. */
export function fakeVector(text: string, dimensions = 8) {
  const digest = createHash('sha256').update(text).digest()
  return Array.from({ length: dimensions }, (_unused, index) => ((digest[index] ?? 0) - 128) / 128)
}

// Words that mean the same thing share a concept, so texts that agree in meaning but not in words get
// close vectors: enough to test what vector search adds to full text.
const CONCEPTS: Record<string, string> = {
  refund: 'refund',
  refunds: 'refund',
  reimbursement: 'refund',
  reimbursed: 'refund',
  money: 'refund',
  back: 'refund',
  shipping: 'delivery',
  delivery: 'delivery',
  shipped: 'delivery',
  courier: 'delivery',
  parcel: 'delivery',
  arrive: 'delivery',
}

/** A bag-of-concepts vector: each word (or its concept) adds to one of 64 directions. */
function conceptVector(text: string, dimensions = 64) {
  const vector = new Array<number>(dimensions).fill(0)
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (word.length < 3) continue
    const concept = CONCEPTS[word] ?? word
    const bucket = createHash('sha256').update(concept).digest()[0] as number
    vector[bucket % dimensions] = (vector[bucket % dimensions] ?? 0) + (CONCEPTS[word] ? 3 : 1)
  }
  return vector
}

/** An OpenAI-compatible embeddings endpoint on 127.0.0.1: POST /v1/embeddings, with injectable 429s. */
export async function startFakeOpenAi({ failFirst = 0, vectors = 'hash' as 'hash' | 'concepts' } = {}) {
  const batches: string[][] = []
  let failuresLeft = failFirst
  let requests = 0
  const server = await startLocalServer((req, res, body) => {
    requests += 1
    if (req.url !== '/v1/embeddings' || req.method !== 'POST')
      return sendJson(res, 404, { error: { message: 'not found' } })
    if (req.headers.authorization !== 'Bearer test-key')
      return sendJson(res, 401, { error: { message: 'bad key', type: 'invalid_request_error' } })
    if (failuresLeft > 0) {
      failuresLeft -= 1
      res.setHeader('retry-after-ms', '10')
      return sendJson(res, 429, { error: { message: 'Rate limit reached', type: 'rate_limit_error' } })
    }
    const request = JSON.parse(body.toString()) as { input: string[]; model: string }
    batches.push(request.input)
    sendJson(res, 200, {
      object: 'list',
      model: request.model,
      data: request.input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: vectors === 'concepts' ? conceptVector(text) : fakeVector(text),
      })),
      usage: { prompt_tokens: 1, total_tokens: 1 },
    })
  })
  return {
    config: {
      EMBEDDINGS_BASE_URL: `${server.url}/v1`,
      EMBEDDINGS_API_KEY: 'test-key',
      EMBEDDING_MODEL: 'fake-embed-1',
      EMBEDDING_BATCH_SIZE: '4',
    },
    batches,
    requests: () => requests,
    close: server.close,
  }
}
