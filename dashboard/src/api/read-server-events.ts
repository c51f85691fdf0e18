// Server-Sent Events read from a fetch response: each event's name and its JSON data, in order.

function parseEvent(block: string): { event: string; data: string } | null {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim()
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null
}

/**
 * Calls onEvent for each event until the stream ends, or until onEvent answers something other than
 * undefined, which is then answered (the rest of the stream is left unread). Undefined when the stream ended.
 */
export async function readServerEvents<T>(
  response: Response,
  onEvent: (event: string, data: Record<string, unknown>) => T | undefined,
): Promise<T | undefined> {
  if (!response.body) return undefined
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return undefined
    buffer += value.replace(/\r\n/g, '\n')
    let boundary = buffer.indexOf('\n\n')
    while (boundary >= 0) {
      const parsed = parseEvent(buffer.slice(0, boundary))
      buffer = buffer.slice(boundary + 2)
      boundary = buffer.indexOf('\n\n')
      if (!parsed) continue
      const answer = onEvent(parsed.event, JSON.parse(parsed.data) as Record<string, unknown>)
      if (answer !== undefined) {
        void reader.cancel().catch(() => {})
        return answer
      }
    }
  }
}
