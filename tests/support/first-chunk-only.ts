// A live stream (Server-Sent Events) never ends on its own: a test that only needs its status reads the
// first chunk and closes it. An answer that ends at once (a refusal) is read whole all the same.
import type { IncomingMessage } from 'node:http'

/** The live streams' paths end so (GET .../live/). */
export const isLiveStreamPath = (path: string) => /\/live\/?(\?|$)/.test(path)

/** A superagent parser (.buffer(true).parse(firstChunkOnly)) that answers the first chunk, as JSON when it is. */
export function firstChunkOnly(response: unknown, done: (error: Error | null, body: unknown) => void) {
  // In Node, superagent hands its parser the incoming message itself.
  const res = response as IncomingMessage
  let finished = false
  const finish = (text: string) => {
    if (finished) return
    finished = true
    res.destroy()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // an event stream's first event, or an empty answer
    }
    done(null, body)
  }
  res.setEncoding('utf8')
  res.once('data', (chunk: string) => finish(chunk))
  res.once('end', () => finish(''))
}
