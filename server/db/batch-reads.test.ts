import { describe, expect, it } from 'vitest'
import { batchReads } from './batch-reads.ts'

/** A store whose reads the test lets finish one at a time, recording what each asked for. */
function slowStore() {
  const values = new Map<string, number>()
  const reads: { keys: string[]; finish(): void; fail(error: Error): void }[] = []
  const readMany = (keys: string[]) =>
    new Promise<Map<string, number>>((resolve, reject) => {
      // The values as they are when the read begins, as a statement sees them.
      const seen = new Map(keys.flatMap((key) => (values.has(key) ? [[key, values.get(key) ?? 0] as const] : [])))
      reads.push({ keys, finish: () => resolve(seen), fail: reject })
    })
  return { values, reads, readMany }
}

const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('reads made together', () => {
  it('the first goes at once; those asked meanwhile go together in the next, each key once', async () => {
    const store = slowStore()
    store.values.set('a', 1).set('b', 2).set('c', 3)
    const read = batchReads({ readMany: store.readMany, maxKeys: 10, concurrency: 1 })
    const first = read('a')
    await turn()
    const later = [read('b'), read('c'), read('b'), read('missing')]
    await turn()
    expect(store.reads.map((each) => each.keys)).toEqual([['a']])
    store.reads[0]?.finish()
    expect(await first).toBe(1)
    await turn()
    expect(store.reads.map((each) => each.keys)).toEqual([['a'], ['b', 'c', 'missing']])
    store.reads[1]?.finish()
    expect(await Promise.all(later)).toEqual([2, 3, 2, undefined])
  })

  it('never answers with what the database held before it was asked', async () => {
    const store = slowStore()
    store.values.set('a', 1)
    const read = batchReads({ readMany: store.readMany, maxKeys: 10, concurrency: 1 })
    const before = read('a')
    await turn()
    store.values.set('a', 2) // written while the first read is on its way
    const after = read('a')
    store.reads[0]?.finish()
    expect(await before).toBe(1)
    await turn()
    store.reads[1]?.finish()
    expect(await after).toBe(2)
  })

  it('asks for at most maxKeys at once, with at most `concurrency` reads on their way', async () => {
    const store = slowStore()
    const read = batchReads({ readMany: store.readMany, maxKeys: 2, concurrency: 2 })
    const asked = ['a', 'b', 'c', 'd', 'e'].map((key) => read(key))
    await turn()
    expect(store.reads.map((each) => each.keys)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    store.reads[0]?.finish()
    await turn()
    expect(store.reads.map((each) => each.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']])
    store.reads[1]?.finish()
    store.reads[2]?.finish()
    expect(await Promise.all(asked)).toEqual([undefined, undefined, undefined, undefined, undefined])
  })

  it('a read that fails fails only the requests it carried', async () => {
    const store = slowStore()
    store.values.set('b', 2)
    const read = batchReads({ readMany: store.readMany, maxKeys: 10, concurrency: 1 })
    const failing = read('a')
    await turn()
    const next = read('b')
    store.reads[0]?.fail(new Error('connection lost'))
    await expect(failing).rejects.toThrow('connection lost')
    await turn()
    store.reads[1]?.finish()
    expect(await next).toBe(2)
  })
})
