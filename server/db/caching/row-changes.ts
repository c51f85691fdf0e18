import { setTimeout as sleep } from 'node:timers/promises'
import type { Database, Listening } from '../database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { LocalWrite } from './local-writes.ts'

// The triggers of migration 20261126220000_row_change_signals (and later ones) send '<table>:<key>' here on every change.
const CHANNEL = 'agentdesk_rows'
const RELISTEN_MS = 1_000
interface Signal {
  key: 'id' | 'account_id' | 'agent_id'
  inserts: boolean
}
/** A table whose changes the triggers signal: only these can empty kept rows. */
export type SignalledTable = keyof typeof SIGNALLED
// What the migration's triggers signal, per table: the column whose value is the key, and whether a new
// row is a change (an account's new current subscription is; a new session is no kept row's change).
const SIGNALLED = {
  widget_sessions: { key: 'id', inserts: false },
  widget_integrations: { key: 'id', inserts: false },
  agents: { key: 'id', inserts: false },
  subscriptions: { key: 'account_id', inserts: true },
  plans: { key: 'id', inserts: true },
  knowledge_index_stats: { key: 'agent_id', inserts: true },
  refresh_token_families: { key: 'id', inserts: false },
  users: { key: 'id', inserts: false },
} satisfies Record<string, Signal>
// Writes that change a signalled table through triggers or cascades (an agent's passages change its
// knowledge_index_stats; deleting what they belong to deletes them): this process's own are heard at
// once, as a change to that table it cannot name.
const PASSAGES = 'knowledge_index_stats'
const CHANGED_THROUGH: Record<string, { table: string; by: 'any write' | 'delete' }> = {
  knowledge_chunks: { table: PASSAGES, by: 'any write' },
  knowledge_sections: { table: PASSAGES, by: 'delete' },
  texts: { table: PASSAGES, by: 'delete' },
  documents: { table: PASSAGES, by: 'delete' },
  websites: { table: PASSAGES, by: 'delete' },
  agents: { table: PASSAGES, by: 'delete' },
  users: { table: PASSAGES, by: 'delete' },
}
// A change this process made to a row it cannot name empties every entry its table's changes touch.
export const ANY_KEY = '*'

type ChangeListener = (key: string) => void

/** What a process hears of changes to the rows it keeps, and whether it hears them at all right now. */
export interface RowChanges {
  /** True while changes are heard: only then may rows be kept (a change missed would leave one stale). */
  readonly hearing: boolean
  /** Grows whenever hearing starts or stops: a row read before that must not be kept. */
  readonly era: number
  /** Calls back with the key of each change to the table. */
  onChange(table: string, listener: ChangeListener): void
  /** Calls back when hearing stops or starts again: everything kept must go. */
  onEra(listener: () => void): void
  close(): Promise<void>
}

/**
 * Hears the row-change signals of every process (PostgreSQL NOTIFY from triggers, so any writer counts: a
 * server, the worker, a migration, psql), on a connection of its own. When that connection drops, nothing
 * may be kept until it is back, so every cache empties and bypasses itself meanwhile.
 */
export function hearRowChanges(database: Database, logger: Logger): RowChanges {
  const listeners = new Map<string, ChangeListener[]>()
  const eraListeners: (() => void)[] = []
  let listening: Listening | null = null
  let closed = false
  const state = { hearing: false, era: 0 }
  const newEra = (hearing: boolean) => {
    state.hearing = hearing
    state.era += 1
    for (const listener of eraListeners) listener()
  }
  const deliver = (payload: string) => {
    const split = payload.indexOf(':')
    if (split < 0) return
    for (const listener of listeners.get(payload.slice(0, split)) ?? []) listener(payload.slice(split + 1))
  }
  const listen = async (): Promise<void> => {
    while (!closed) {
      try {
        listening = await database.listen(CHANNEL, deliver, (error) => {
          logger.warn({ err: error }, 'lost the connection that hears row changes: keeping no rows until it is back')
          listening = null
          newEra(false)
          void listen()
        })
        if (closed) await listening.close()
        else newEra(true)
        return
      } catch (error) {
        logger.warn({ err: error }, 'could not listen for row changes: trying again')
        await sleep(RELISTEN_MS)
      }
    }
  }
  // The process's own writes are heard at once, before their signal comes back from the database.
  const ownWrite = ({ table, inserts, deletes, id }: LocalWrite) => {
    const through = CHANGED_THROUGH[table]
    if (through && (deletes || through.by === 'any write'))
      for (const listener of listeners.get(through.table) ?? []) listener(ANY_KEY)
    const signalled = (SIGNALLED as Record<string, Signal | undefined>)[table]
    if (!signalled || (inserts && !signalled.inserts)) return
    const key = signalled.key === 'id' && !inserts && id ? id : ANY_KEY
    for (const listener of listeners.get(table) ?? []) listener(key)
  }
  database.localWrites.on('write', ownWrite)
  void listen()
  return {
    get hearing() {
      return state.hearing && !closed
    },
    get era() {
      return state.era
    },
    onChange(table, listener) {
      listeners.set(table, [...(listeners.get(table) ?? []), listener])
    },
    onEra(listener) {
      eraListeners.push(listener)
    },
    async close() {
      database.localWrites.off('write', ownWrite)
      closed = true
      state.hearing = false
      await listening?.close()
      listening = null
    },
  }
}
