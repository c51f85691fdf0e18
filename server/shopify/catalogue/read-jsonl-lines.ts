import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import type { ReadableStream } from 'node:stream/web'

/**
 * The objects of a JSONL file, one per line, read as the download streams in: a catalogue of
 * thousands of products never sits in memory as one string.
 */
export async function* readJsonlLines(
  url: string,
  options: { fetchImpl?: typeof fetch; signal?: AbortSignal } = {},
): AsyncGenerator<unknown> {
  const response = await (options.fetchImpl ?? fetch)(url, { signal: options.signal })
  if (!response.ok || !response.body) {
    await response.body?.cancel()
    throw new Error(`The bulk operation's result could not be downloaded (HTTP ${response.status}).`)
  }
  const lines = createInterface({ input: Readable.fromWeb(response.body as ReadableStream), crlfDelay: Infinity })
  for await (const line of lines) {
    if (line.trim()) yield JSON.parse(line) as unknown
  }
}
