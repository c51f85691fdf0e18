import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { shareEventLoop } from './share-event-loop.ts'

const pglite = await PGlite.create()
afterAll(() => pglite.close())

/** Runs `count` awaited queries; how many had finished when a timer set at the start fired. */
async function queriesBeforeTimer(
  database: Pick<PGlite, 'query' | 'transaction'>,
  count: number,
  inTransaction = false,
) {
  let done = 0
  let seenByTimer = -1
  setTimeout(() => (seenByTimer = done), 0)
  const run = async (queries: Pick<PGlite, 'query'>) => {
    for (let index = 0; index < count; index++) {
      await queries.query('select $1::text as page', [`page ${index}`])
      done++
    }
  }
  if (inTransaction) await database.transaction(run)
  else await run(database)
  await new Promise((resolve) => setTimeout(resolve, 5))
  return seenByTimer
}

describe('sharing the event loop with PGlite', () => {
  it('bare PGlite holds the loop until a run of queries ends (what the wrapper is for)', async () => {
    expect(await queriesBeforeTimer(pglite, 2_000)).toBe(2_000)
  })

  it('through the wrapper, a timer runs while the queries are still going', async () => {
    expect(await queriesBeforeTimer(shareEventLoop(pglite), 2_000)).toBeLessThan(2_000)
  })

  it('inside a transaction too, and the results are the same', async () => {
    const shared = shareEventLoop(pglite)
    expect(await queriesBeforeTimer(shared, 2_000, true)).toBeLessThan(2_000)
    const rows = await shared.transaction(
      async (transaction) => (await transaction.query<{ sum: number }>('select 1 + 1 as sum')).rows,
    )
    expect(rows).toEqual([{ sum: 2 }])
    expect((await shared.query<{ value: string }>('select $1::text as value', ['kept'])).rows).toEqual([
      { value: 'kept' },
    ])
  })
})
