import { setImmediate as nextTurn } from 'node:timers/promises'
import type { PGlite, Transaction } from '@electric-sql/pglite'

// How long a run of queries may hold the event loop before it lets I/O (other requests) through.
const SLICE_MS = 5

type Queries = Pick<PGlite, 'query' | 'exec'> | Transaction

/**
 * PGlite runs each query synchronously in WASM and settles it in a microtask, so a loop of awaited
 * queries (storing 5,000 pages, say) never returns to the event loop: no request, health check
 * included, is even read until the loop ends. This wraps the instance so that a query waits for the
 * next turn of the loop once the queries since its last turn have held it for SLICE_MS; a query after
 * the loop has had a turn starts a new run and does not wait.
 */
export function shareEventLoop(pglite: PGlite): PGlite {
  let heldSince = 0
  // Set while no turn of the loop has come since the run began: a marker callback clears it.
  let isRunOpen = false
  const beginRun = () => {
    heldSince = performance.now()
    isRunOpen = true
    setImmediate(() => {
      isRunOpen = false
    })
  }
  const letOthersIn = async () => {
    if (!isRunOpen) return beginRun() // the loop has had a turn since the last query
    if (performance.now() - heldSince < SLICE_MS) return
    await nextTurn()
    beginRun()
  }
  const wrap = <T extends Queries>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        // Read with the real object as `this`: PGlite keeps its state in private fields.
        const value: unknown = Reflect.get(object, property)
        if (typeof value !== 'function') return value
        if (property === 'query' || property === 'exec') {
          return async (...args: unknown[]) => {
            await letOthersIn()
            return (value as (...parameters: unknown[]) => unknown).apply(object, args)
          }
        }
        if (property === 'transaction') {
          return async (callback: (transaction: Transaction) => Promise<unknown>) => {
            await letOthersIn()
            return (value as (work: typeof callback) => Promise<unknown>).call(object, (transaction: Transaction) =>
              callback(wrap(transaction)),
            )
          }
        }
        return (value as (...parameters: unknown[]) => unknown).bind(object)
      },
    })
  return wrap(pglite)
}
