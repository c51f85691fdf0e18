import type { Stream } from 'node:stream'

/** A supertest parser that keeps a streamed body (Server-Sent Events) as the text it arrived as. */
export function readBodyAsText(res: Stream, done: (error: Error | null, body: string) => void) {
  let text = ''
  res.on('data', (chunk: Buffer) => (text += chunk.toString()))
  res.on('end', () => done(null, text))
}

/** A Server-Sent Events body as its events, each with its parsed data. */
export function parseServerSentEvents(body: string) {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n')
      return {
        event: eventLine?.slice('event: '.length),
        data: JSON.parse(dataLine?.slice('data: '.length) ?? 'null') as Record<string, unknown>,
      }
    })
}
