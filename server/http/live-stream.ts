import type { Request, Response } from 'express'
import type { ConversationSignals } from '../live/conversation-signals.ts'
import { openEventStream, type EventStream } from './event-stream.ts'

/**
 * A live stream ends after this long and the client opens it again: whoever holds it is checked again (a
 * revoked session, a visitor whose conversation was closed), and no connection lives for ever.
 */
const STREAM_LIFETIME_MS = 5 * 60_000
/** What a stream ended by a stopping process suggests: a moment for the load balancer to notice. */
const RECONNECT_AFTER_MS = 1_000

export interface StreamConversationOptions {
  req: Request
  res: Response
  signals: ConversationSignals
  conversationId: string
  /** Sends what changed since the last call (the first call sends where things stand). */
  onChange(stream: EventStream): Promise<void>
  lifetimeMs?: number
}

/**
 * Holds a Server-Sent Events stream open on a conversation: onChange runs once at the start and again on
 * every signal that it changed, one run at a time (signals arriving meanwhile make one more run). The
 * stream ends when the client leaves, after its lifetime, or when onChange fails (the client reconnects).
 */
export async function streamConversation({
  req,
  res,
  signals,
  conversationId,
  onChange,
  lifetimeMs = STREAM_LIFETIME_MS,
}: StreamConversationOptions): Promise<void> {
  const stream = openEventStream(res)
  // Declared by a cast: TypeScript would narrow a plain `= null` for good, not seeing run() set it.
  let running = null as Promise<void> | null
  let again = false
  let ended = false
  let finish = () => {}
  const finished = new Promise<void>((resolve) => (finish = resolve))
  const end = () => {
    ended = true
    finish()
  }
  const run = (): Promise<void> =>
    (running ??= (async () => {
      try {
        do {
          again = false
          await onChange(stream)
        } while (again && !ended)
      } catch (error) {
        req.log.warn({ err: error, conversationId }, 'a live stream stopped')
        end()
      } finally {
        running = null
      }
    })())
  const changed = () => {
    if (ended) return
    if (running) again = true
    else void run()
  }
  res.on('close', end)
  // The process is stopping: the client is told to open the stream again (another process will serve it).
  const onStopping = () => {
    stream.send('reconnect', { after_ms: RECONNECT_AFTER_MS })
    end()
  }
  if (signals.stopping.aborted) onStopping()
  else signals.stopping.addEventListener('abort', onStopping, { once: true })
  const timer = setTimeout(end, lifetimeMs)
  timer.unref()
  const unwatch = await signals.watch(conversationId, changed)
  try {
    await run()
    await finished
  } finally {
    clearTimeout(timer)
    signals.stopping.removeEventListener('abort', onStopping)
    unwatch()
    await running
    stream.close()
  }
}
