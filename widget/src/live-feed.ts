// The open window's live feed: a team member's words, the chat's notices and where the chat stands,
// followed from the server for as long as the window is open, reopened after a drop (1 s, doubling to 30 s)
// and when the server ends it, and moved to another conversation when the window changes to one.
import type { createWidgetApi, LiveState, VisitorMessage } from './widget-api.ts'
import { log } from './widget-config.ts'

export interface LiveFeedOptions {
  api: Pick<ReturnType<typeof createWidgetApi>, 'follow'>
  /** The conversation the window shows now, and the last message it shows. */
  conversation(): string | null
  lastMessage(): string | undefined
  /** Aborted when the window closes or changes conversation. */
  signal(): AbortSignal
  onState(state: LiveState): void
  onMessage(message: VisitorMessage): void
  debug: boolean
}

/** A function that starts following the window's conversation, unless it already is. */
export function liveFeed(options: LiveFeedOptions): () => Promise<void> {
  let following = false
  const listen = async () => {
    if (following || !options.conversation()) return
    following = true
    for (let pause = 1000; !options.signal().aborted; pause = Math.min(pause * 2, 30_000)) {
      const id = options.conversation()
      try {
        await options.api.follow(
          id as string,
          options.lastMessage(),
          (event, data) => {
            if (event === 'state') options.onState(data)
            if (event === 'message') options.onMessage(data)
            pause = 1000
          },
          options.signal(),
        )
      } catch (error) {
        log(options.debug, 'the live connection dropped', error)
      }
      if (id !== options.conversation()) break
      await new Promise((resolve) => setTimeout(resolve, pause))
    }
    following = false
    if (!options.signal().aborted) void listen()
  }
  return listen
}
