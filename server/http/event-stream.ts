import type { Request, Response } from 'express'

const HEARTBEAT_MS = 15_000

export interface EventStream {
  send(event: string, data: unknown): void
  close(): void
}

/** Whether the client asked for Server-Sent Events (Accept header, or stream=true). */
export function wantsEventStream(req: Request, streamFlag: unknown): boolean {
  return (
    streamFlag === true ||
    streamFlag === 'true' ||
    streamFlag === '1' ||
    (req.get('accept') ?? '').includes('text/event-stream')
  )
}

/** Aborts when the client goes away before the response is complete: work for it can stop. */
export function disconnectSignal(res: Response): AbortSignal {
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  return controller.signal
}

/**
 * Opens a Server-Sent Events response: headers that keep proxies from buffering or transforming it,
 * and a comment every 15 seconds so idle connections stay open.
 */
export function openEventStream(res: Response): EventStream {
  res.status(200)
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8')
  res.setHeader('Cache-Control', 'no-cache, no-transform')
  res.setHeader('Connection', 'keep-alive')
  res.setHeader('X-Accel-Buffering', 'no') // nginx
  res.flushHeaders()
  res.socket?.setNoDelay(true)
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS)
  const finish = () => clearInterval(heartbeat)
  res.on('close', finish)
  return {
    send(event, data) {
      if (res.writableEnded) return
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    },
    close() {
      finish()
      if (!res.writableEnded) res.end()
    },
  }
}
