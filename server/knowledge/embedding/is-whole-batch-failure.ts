import OpenAI from 'openai'

/**
 * Whether every item of a batch would meet this error alike, so trying them one by one would only
 * multiply the calls: the embeddings endpoint unreachable, rate-limiting, refusing the key or failing
 * (the SDK has retried it already), or the worker stopping. Anything else (a database error from an item
 * deleted meanwhile, an input the endpoint refuses) may be one item's, and the batch is retried item by item.
 */
export function isWholeBatchFailure(error: unknown, signal?: AbortSignal) {
  if (signal?.aborted) return true
  if (error instanceof OpenAI.APIConnectionError) return true
  if (error instanceof OpenAI.APIError)
    return (
      error.status === undefined ||
      error.status === 401 ||
      error.status === 403 ||
      error.status === 429 ||
      error.status >= 500
    )
  return false
}
