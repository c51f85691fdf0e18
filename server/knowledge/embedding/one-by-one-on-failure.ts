import { isWholeBatchFailure } from './is-whole-batch-failure.ts'

export interface OneByOneOptions<Entry> {
  entries: Entry[]
  signal: AbortSignal
  work: (some: Entry[]) => Promise<unknown>
  /** Called for each entry the work failed for, with its error. */
  fail: (entry: Entry, error: unknown) => unknown
}

/**
 * Does the work for all entries at once; if that fails with an error that may be one entry's, for each
 * entry alone, so only the entries that fail alone are given the error.
 */
export async function oneByOneOnFailure<Entry>({ entries, signal, work, fail }: OneByOneOptions<Entry>) {
  if (entries.length === 0) return
  try {
    await work(entries)
  } catch (error) {
    if (entries.length === 1 || isWholeBatchFailure(error, signal)) {
      for (const entry of entries) fail(entry, error)
      return
    }
    for (const entry of entries) {
      try {
        await work([entry])
      } catch (alone) {
        fail(entry, alone)
      }
    }
  }
}
