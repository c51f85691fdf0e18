// Reads a Server-Sent Events response as a browser would, event by event, for the live-stream tests.

interface StreamedEvent {
  event: string
  data: unknown
}

export interface EventStreamClient {
  status: number
  /** The next event named `event` (earlier events of other names are skipped), or a failure after timeoutMs. */
  next(event: string, timeoutMs?: number): Promise<unknown>
  /** Every event read so far, in order. */
  seen: StreamedEvent[]
  /** Resolves once the server has ended the stream (or the test closed it). */
  ended: Promise<void>
  close(): void
}

/** Opens `url` (GET, or a POST of `body` as JSON) with the headers given; answers once the status line is in. */
export async function openEventStreamClient(
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<EventStreamClient> {
  const abort = new AbortController()
  const response = await fetch(url, {
    headers: {
      Accept: 'text/event-stream',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
    signal: abort.signal,
  })
  const seen: StreamedEvent[] = []
  let cursor = 0
  let wake = () => {}
  let ended = false
  const finished = (async () => {
    if (!response.body) return
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        let boundary = buffer.indexOf('\n\n')
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary)
          buffer = buffer.slice(boundary + 2)
          boundary = buffer.indexOf('\n\n')
          const event = /^event: (.+)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (event && data !== undefined) seen.push({ event, data: JSON.parse(data) })
          wake()
        }
      }
    } catch {
      // closed by the test
    } finally {
      ended = true
      wake()
    }
  })()
  return {
    status: response.status,
    seen,
    ended: finished,
    async next(event, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        while (cursor < seen.length) {
          const item = seen[cursor++]!
          if (item.event === event) return item.data
        }
        if (ended) throw new Error(`the stream ended before a "${event}" event`)
        const left = deadline - Date.now()
        if (left <= 0)
          throw new Error(`no "${event}" event within ${timeoutMs} ms (saw ${seen.map((e) => e.event).join(', ')})`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    },
    close: () => abort.abort(),
  }
}
