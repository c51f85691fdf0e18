import { describe, expect, it } from 'vitest'
import { createRowCache } from './row-cache.ts'
import { ANY_KEY, type RowChanges } from './row-changes.ts'

/** Row changes driven by the test: it says when a change comes and whether they are heard. */
function changesByHand() {
  const listeners = new Map<string, ((key: string) => void)[]>()
  const eraListeners: (() => void)[] = []
  const state = { hearing: true, era: 0 }
  const changes: RowChanges = {
    get hearing() {
      return state.hearing
    },
    get era() {
      return state.era
    },
    onChange: (table, listener) => void listeners.set(table, [...(listeners.get(table) ?? []), listener]),
    onEra: (listener) => void eraListeners.push(listener),
    close: async () => {},
  }
  return {
    changes,
    change: (table: string, key: string) => listeners.get(table)?.forEach((listener) => listener(key)),
    setHearing(hearing: boolean) {
      state.hearing = hearing
      state.era += 1
      eraListeners.forEach((listener) => listener())
    },
  }
}

const cacheOver = (changes: RowChanges) =>
  createRowCache<{ id: string; agentId: string; value: number }>({
    changes,
    invalidatedBy: { rows: 'key', agents: (row, agentId) => row.agentId === agentId },
    maxEntries: 2,
    ttlMs: 60_000,
  })

describe('a row cache', () => {
  it('keeps a row until its key changes, and forgets by a related table', async () => {
    const hand = changesByHand()
    const cache = cacheOver(hand.changes)
    let reads = 0
    const load = async () => ((reads += 1), { id: 'a', agentId: 'x', value: reads })
    expect((await cache.read('a', load))?.value).toBe(1)
    expect((await cache.read('a', load))?.value).toBe(1)
    hand.change('rows', 'b')
    expect((await cache.read('a', load))?.value).toBe(1)
    hand.change('rows', 'a')
    expect((await cache.read('a', load))?.value).toBe(2)
    hand.change('agents', 'x')
    expect((await cache.read('a', load))?.value).toBe(3)
    hand.change('rows', ANY_KEY)
    expect((await cache.read('a', load))?.value).toBe(4)
  })

  it('does not keep a row read while a change came: it may predate the change', async () => {
    const hand = changesByHand()
    const cache = cacheOver(hand.changes)
    let reads = 0
    const load = async () => {
      reads += 1
      if (reads === 1) hand.change('rows', 'other') // a change arrives while the first read is under way
      return { id: 'a', agentId: 'x', value: reads }
    }
    expect((await cache.read('a', load))?.value).toBe(1)
    expect((await cache.read('a', load))?.value).toBe(2)
    expect((await cache.read('a', load))?.value).toBe(2)
  })

  it('keeps nothing while changes are not heard, and nothing from before', async () => {
    const hand = changesByHand()
    const cache = cacheOver(hand.changes)
    let reads = 0
    const load = async () => ((reads += 1), { id: 'a', agentId: 'x', value: reads })
    await cache.read('a', load)
    hand.setHearing(false)
    expect((await cache.read('a', load))?.value).toBe(2)
    expect((await cache.read('a', load))?.value).toBe(3)
    expect(cache.size).toBe(0)
    hand.setHearing(true)
    expect((await cache.read('a', load))?.value).toBe(4)
    expect((await cache.read('a', load))?.value).toBe(4)
  })

  it('never keeps a miss, and keeps at most its entries, the least recently used going first', async () => {
    const hand = changesByHand()
    const cache = cacheOver(hand.changes)
    let misses = 0
    expect(await cache.read('none', async () => ((misses += 1), null))).toBeNull()
    expect(await cache.read('none', async () => ((misses += 1), null))).toBeNull()
    expect(misses).toBe(2)
    const row = (id: string) => async () => ({ id, agentId: 'x', value: 0 })
    await cache.read('a', row('a'))
    await cache.read('b', row('b'))
    await cache.read('a', row('a'))
    await cache.read('c', row('c'))
    expect(cache.size).toBe(2)
    let reread = false
    await cache.read('b', async () => ((reread = true), { id: 'b', agentId: 'x', value: 0 }))
    expect(reread).toBe(true)
  })

  it('reads many keys at once: the kept ones from memory, the rest in one load, kept unless a change came', async () => {
    const hand = changesByHand()
    const cache = createRowCache<{ id: string; agentId: string; value: number }>({
      changes: hand.changes,
      invalidatedBy: { agents: (row, agentId) => row.agentId === agentId },
      maxEntries: 10,
      ttlMs: 60_000,
    })
    const loads: string[][] = []
    const loadMany = async (missing: string[]) => {
      loads.push(missing)
      if (loads.length === 2) hand.change('agents', 'y') // arrives while the second load is under way
      return new Map(missing.filter((id) => id !== 'gone').map((id) => [id, { id, agentId: 'x', value: loads.length }]))
    }
    const first = await cache.readMany(['a', 'b', 'gone'], loadMany)
    expect([...first.keys()]).toEqual(['a', 'b'])
    const second = await cache.readMany(['b', 'c', 'gone'], loadMany)
    expect(loads).toEqual([
      ['a', 'b', 'gone'],
      ['c', 'gone'],
    ])
    expect(second.get('b')?.value).toBe(1)
    expect(second.get('c')?.value).toBe(2)
    // c came while a change arrived: read again; a and b were kept until their agent changed.
    await cache.readMany(['a', 'c'], loadMany)
    expect(loads.at(-1)).toEqual(['c'])
    hand.change('agents', 'x')
    expect(await cache.readMany([], loadMany)).toEqual(new Map())
    await cache.readMany(['a', 'b'], loadMany)
    expect(loads.at(-1)).toEqual(['a', 'b'])
  })

  it('reads a row once for the many who miss it at once, but not for one who asks after a change', async () => {
    const hand = changesByHand()
    const cache = cacheOver(hand.changes)
    let reads = 0
    const finishers: (() => void)[] = []
    const load = () =>
      new Promise<{ id: string; agentId: string; value: number }>((resolve) => {
        reads += 1
        const value = reads
        finishers.push(() => resolve({ id: 'a', agentId: 'x', value }))
      })
    const early = [cache.read('a', load), cache.read('a', load)]
    const many = cache.readMany(['a'], async () => new Map())
    expect(reads).toBe(1)
    hand.change('rows', 'a')
    const late = cache.read('a', load)
    expect(reads).toBe(2)
    finishers.forEach((finish) => finish())
    expect((await late)?.value).toBe(2)
    const [first, second] = await Promise.all(early)
    expect(first?.value).toBe(1)
    expect(second?.value).toBe(1)
    expect((await many).get('a')?.value).toBe(1)
    // The row read before the change was not kept; the one read after it was.
    expect((await cache.read('a', load))?.value).toBe(2)
    expect(reads).toBe(2)
  })
})
