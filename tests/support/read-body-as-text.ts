import type { Stream } from 'node:stream'

/** A supertest parser that keeps a streamed body (Server-Sent Events) as the text it arrived as. */
export function readBodyAsText(res: Stream, done: (error: Error | null, body: string) => void) {
  let text = ''
  res.on('data', (chunk: Buffer) => (text += chunk.toString()))
  res.on('end', () => done(null, text))
}
