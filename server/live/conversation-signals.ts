// Touch when changing how a change in one conversation reaches the streams open on it, in any process.
import { setTimeout as sleep } from 'node:timers/promises'
import type { Database, Listening } from '../db/database.ts'
import type { Logger } from '../logging/create-logger.ts'

const CHANNEL = 'agentdesk_conversations'
const RELISTEN_MS = 1_000

/** What a stream hears: its conversation changed (read it again), or signals may have been missed (read it again too). */
type Listener = () => void

export interface ConversationSignals {
  /** Tells every stream open on the conversation, in every process, that it changed. Never throws. */
  changed(conversationId: string): Promise<void>
  /** Calls back on each change until the returned function is called. */
  watch(conversationId: string, listener: Listener): Promise<() => void>
  /** Aborted when this process begins to stop: its live streams end, telling their clients to reconnect. */
  readonly stopping: AbortSignal
  /** Begins the stop: every live stream of this process ends now, with a reconnect event. */
  endStreams(): void
  close(): Promise<void>
}

const UUID = /^[0-9a-f-]{36}$/

/**
 * Signals that a conversation changed (a message, a person joining or leaving), carrying only its id: each
 * stream reads what is new from the database, so a signal is never too large and a missed one costs a
 * read, not a message. PostgreSQL's NOTIFY reaches every process on the database; the embedded database
 * has one process. The process listens once, from its first watcher, and listens again if the connection
 * drops, then wakes every watcher so that none waits on a signal sent meanwhile.
 */
export function createConversationSignals(database: Database, logger: Logger): ConversationSignals {
  const watchers = new Map<string, Set<Listener>>()
  let listening: Promise<Listening> | null = null
  let closed = false
  const stopping = new AbortController()
  let relistening = false

  const deliver = (conversationId: string) => {
    for (const listener of watchers.get(conversationId) ?? []) listener()
  }
  const wakeAll = () => {
    for (const set of watchers.values()) for (const listener of set) listener()
  }
  const listen = (): Promise<Listening> =>
    (listening ??= database
      .listen(
        CHANNEL,
        (payload) => {
          if (UUID.test(payload)) deliver(payload)
        },
        (error) => {
          logger.warn({ err: error }, 'lost the connection that hears conversation changes: listening again')
          listening = null
          void relisten()
        },
      )
      .catch((error: unknown) => {
        listening = null
        throw error
      }))
  const relisten = async () => {
    if (relistening) return
    relistening = true
    try {
      while (!closed && watchers.size > 0) {
        await sleep(RELISTEN_MS)
        try {
          await listen()
          wakeAll()
          return
        } catch (error) {
          logger.warn({ err: error }, 'could not listen for conversation changes: trying again')
        }
      }
    } finally {
      relistening = false
    }
  }

  return {
    stopping: stopping.signal,
    endStreams: () => stopping.abort(),
    async changed(conversationId) {
      try {
        await database.notify(CHANNEL, conversationId)
      } catch (error) {
        // The change is saved; streams see it at their next signal or when they open again.
        logger.warn({ err: error, conversationId }, 'could not signal a conversation change')
      }
    },
    async watch(conversationId, listener) {
      const set = watchers.get(conversationId) ?? new Set()
      set.add(listener)
      watchers.set(conversationId, set)
      try {
        await listen()
      } catch (error) {
        logger.warn({ err: error }, 'could not listen for conversation changes: trying again')
        void relisten()
      }
      return () => {
        set.delete(listener)
        if (set.size === 0 && watchers.get(conversationId) === set) watchers.delete(conversationId)
      }
    },
    async close() {
      closed = true
      watchers.clear()
      const current = listening
      listening = null
      await current?.then((handle) => handle.close()).catch(() => {})
    },
  }
}
