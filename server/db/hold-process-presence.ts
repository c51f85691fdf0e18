// Touch when changing how a server process shows the others that it is alive (the answers it writes name it).
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from '../logging/create-logger.ts'
import type { Database } from './database.ts'

// The connection is checked this often, and taken again this long after it was lost.
const CHECK_MS = 30_000
const RECONNECT_MS = 2_000

export interface ProcessPresence {
  /** Held as a session advisory lock while this process lives: the database drops it the moment the process dies. */
  key: bigint
  release(): Promise<void>
}

const newKey = () => randomBytes(8).readBigInt64BE() & 0x7fff_ffff_ffff_ffffn

/** Waits, ending early (without throwing) when stopped. */
const pause = (ms: number, signal: AbortSignal) => sleep(ms, undefined, { signal, ref: false }).catch(() => {})

/**
 * Holds a random key as an advisory lock on a connection of this process's own, for as long as it runs.
 * A process killed outright (kill -9, out of memory) loses its connection and so the lock at once, which
 * is how another process, or this one after a restart, tells its abandoned work from work in progress
 * (isProcessPresent). A lost connection is taken again; meanwhile the others may take this process for dead.
 */
export async function holdProcessPresence(database: Database, logger: Logger): Promise<ProcessPresence> {
  const key = newKey()
  const stop = new AbortController()
  let isHeld = false
  let markHeld = () => {}
  const firstHeld = new Promise<void>((resolve) => (markHeld = resolve))
  const holdOnce = () =>
    database.withRawConnection(async (query) => {
      await query('select pg_advisory_lock($1::bigint)', [key.toString()])
      isHeld = true
      markHeld()
      while (!stop.signal.aborted) {
        await pause(CHECK_MS, stop.signal)
        if (!stop.signal.aborted) await query('select 1')
      }
      // PGlite shares its one connection: unlock rather than rely on the connection closing.
      await query('select pg_advisory_unlock($1::bigint)', [key.toString()])
    })
  const holding = (async () => {
    while (!stop.signal.aborted) {
      try {
        await holdOnce()
      } catch (error) {
        if (!isHeld) throw error
        logger.warn({ err: error }, 'lost the connection that shows this process alive: taking it again')
        await pause(RECONNECT_MS, stop.signal)
      }
    }
  })()
  await Promise.race([firstHeld, holding])
  return {
    key,
    async release() {
      stop.abort()
      await holding.catch(() => {})
    },
  }
}
