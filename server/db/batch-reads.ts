import { AsyncResource } from 'node:async_hooks'

export interface BatchReadsOptions<V> {
  /** Reads the values of many keys in one statement; a key it leaves out has none. */
  readMany(keys: string[]): Promise<Map<string, V>>
  /** The most keys one read asks for. */
  maxKeys: number
  /** How many reads may be on their way at once. */
  concurrency: number
}

interface Waiter<V> {
  resolve(value: V | undefined): void
  reject(error: unknown): void
  /** Where it was asked for: a read it leads is counted for that request (count-statements.ts). */
  scope: AsyncResource
}

/**
 * Reads of one kind asked for while others are on their way, made together: the first goes at once,
 * those asked meanwhile go in the next read (a key asked twice, once). Every read begins after it was
 * asked for, so none answers with what the database held before. Idle, nothing waits; busy, one
 * statement answers many requests (a crowd of visitors writing at once: a few reads, not one each).
 */
export function batchReads<V>({ readMany, maxKeys, concurrency }: BatchReadsOptions<V>) {
  const waiting = new Map<string, Waiter<V>[]>()
  let running = 0
  let isScheduled = false

  function send() {
    isScheduled = false
    while (running < concurrency && waiting.size > 0) {
      const batch: [string, Waiter<V>[]][] = []
      for (const entry of waiting) {
        batch.push(entry)
        if (batch.length === maxKeys) break
      }
      for (const [key] of batch) waiting.delete(key)
      running += 1
      const leader = batch[0]![1][0]!
      leader.scope
        .runInAsyncScope(() => readMany(batch.map(([key]) => key)))
        .then(
          (values) => {
            for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(values.get(key))
          },
          (error: unknown) => {
            for (const [, waiters] of batch) for (const waiter of waiters) waiter.reject(error)
          },
        )
        .finally(() => {
          running -= 1
          send()
        })
    }
  }

  return (key: string): Promise<V | undefined> =>
    new Promise((resolve, reject) => {
      const waiter = { resolve, reject, scope: new AsyncResource('agentdesk.read-batch') }
      const waiters = waiting.get(key)
      if (waiters) waiters.push(waiter)
      else waiting.set(key, [waiter])
      // Those asked in the same turn of the event loop go together even when no read is on its way.
      if (!isScheduled) {
        isScheduled = true
        queueMicrotask(send)
      }
    })
}
