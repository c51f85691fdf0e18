import { readTsvector } from './parse-tsvector.ts'

/**
 * One agent's passages as postings in memory: for each word, the passages holding it (by their place
 * in `ids`, which is in id order) and how often. Built from the tsvectors, so it scores exactly what
 * the SQL search scores.
 */
export interface PassageIndex {
  /** In id order (uuid order, which is also their text's order). */
  ids: string[]
  /** Each passage's length (term_count). */
  lengths: Int32Array
  /** Each passage's text-search configuration, as its place in `languages`. */
  languageOf: Uint8Array
  languages: string[]
  /** Each word's postings: `passages` and `counts` from `start` to `end`. */
  words: Map<string, { start: number; end: number }>
  passages: Int32Array
  counts: Uint16Array
  /** An estimate of the memory it holds. */
  bytes: number
}

// A rough V8 cost of a short string and of a map entry, for the memory budget.
const STRING_BYTES = 56
const ENTRY_BYTES = 80

function grown<T extends Int32Array | Uint16Array>(array: T, needed: number, create: (size: number) => T): T {
  if (needed <= array.length) return array
  const bigger = create(Math.max(needed, array.length * 2))
  bigger.set(array)
  return bigger
}

/** Collects passages, in id order, into an index. */
export function createPassageIndexBuilder() {
  const ids: string[] = []
  const lengths: number[] = []
  const languageOf: number[] = []
  const languages: string[] = []
  const wordNumbers = new Map<string, number>()
  const postingsPerWord: number[] = []
  // Each passage's words, by number, one after another.
  let passageWords = new Int32Array(1 << 16)
  let passageCounts = new Uint16Array(1 << 16)
  const passageEnds: number[] = []
  let used = 0
  return {
    add(passage: { id: string; language: string; length: number; vector: string }) {
      let language = languages.indexOf(passage.language)
      if (language < 0) language = languages.push(passage.language) - 1
      ids.push(passage.id)
      lengths.push(passage.length)
      languageOf.push(language)
      readTsvector(passage.vector, (lexeme, count) => {
        let word = wordNumbers.get(lexeme)
        if (word === undefined) {
          word = postingsPerWord.push(0) - 1
          wordNumbers.set(lexeme, word)
        }
        postingsPerWord[word] = (postingsPerWord[word] as number) + 1
        passageWords = grown(passageWords, used + 1, (size) => new Int32Array(size))
        passageCounts = grown(passageCounts, used + 1, (size) => new Uint16Array(size))
        passageWords[used] = word
        passageCounts[used] = Math.min(count, 65_535)
        used += 1
      })
      passageEnds.push(used)
    },
    finish(): PassageIndex {
      const starts = new Int32Array(postingsPerWord.length + 1)
      postingsPerWord.forEach((count, word) => (starts[word + 1] = (starts[word] as number) + count))
      const filled = starts.slice(0, postingsPerWord.length)
      const passages = new Int32Array(used)
      const counts = new Uint16Array(used)
      let from = 0
      passageEnds.forEach((end, place) => {
        for (let at = from; at < end; at += 1) {
          const word = passageWords[at] as number
          const slot = filled[word] as number
          passages[slot] = place
          counts[slot] = passageCounts[at] as number
          filled[word] = slot + 1
        }
        from = end
      })
      const words = new Map<string, { start: number; end: number }>()
      let wordBytes = 0
      for (const [lexeme, word] of wordNumbers) {
        words.set(lexeme, { start: starts[word] as number, end: starts[word + 1] as number })
        wordBytes += STRING_BYTES + lexeme.length * 2 + ENTRY_BYTES
      }
      return {
        ids,
        lengths: Int32Array.from(lengths),
        languageOf: Uint8Array.from(languageOf),
        languages,
        words,
        passages,
        counts,
        bytes: used * 6 + ids.length * (STRING_BYTES + 36 * 2 + 5 + 16) + wordBytes,
      }
    },
  }
}

/** The passage's place in the index, or -1 (a binary search: ids are in order). */
export function placeOf(index: PassageIndex, id: string): number {
  let low = 0
  let high = index.ids.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const found = index.ids[middle] as string
    if (found === id) return middle
    if (found < id) low = middle + 1
    else high = middle - 1
  }
  return -1
}
