import { stemmerFor } from './stem-words.ts'

// Snowball removes endings that inflect a word ("shipping" → ship) but leaves many that derive one word
// from another when the word is short ("rental" stays rental, "payment" payment, "delivery" deliveri while
// "delivered" is deliv). Decision 043: a few derivational endings per language, taken off the stem when at
// least three letters remain (four before a two-letter ending, which more often ends a word by chance:
// "metal", "manag"), and the rest stemmed again (payment → pay → pai, as "pay" stems).
const DERIVATIONAL_ENDINGS: Record<string, string[]> = {
  eng: ['ment', 'ness', 'eri', 'ful', 'ag', 'al'],
  fra: ['aison', 'ment', 'ag', 'eur'],
  spa: ['miento', 'aj', 'dor'],
  por: ['mento', 'agem', 'dor'],
  ita: ['mento', 'aggi', 'tor'],
  deu: ['ung', 'heit', 'keit', 'lich'],
  nld: ['ing', 'heid', 'lijk'],
}
const SHORTEST_ROOT = 3
/** A stem this long that begins another stem names the same thing ("deliv" in "deliveri", "exped" in "expedit"). */
export const SHORTEST_SHARED_PREFIX = 5

const withoutMarks = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC')

/**
 * A word's root in a language of offline-phrases.ts: its Snowball stem, without one derivational ending
 * of the language (and stemmed again), without accents, so that "rent" and "rental", "pay" and "payment",
 * "expédions" and "expédition" meet. Arabic, whose words derive by pattern rather than by ending, keeps
 * its Snowball stem.
 */
export function rootsIn(language: string): (word: string) => string {
  const stem = stemmerFor(language)
  const endings = DERIVATIONAL_ENDINGS[language] ?? []
  return (word) => {
    const stemmed = stem(word)
    const ending = endings.find(
      (candidate) =>
        stemmed.endsWith(candidate) &&
        stemmed.length - candidate.length >= SHORTEST_ROOT + (candidate.length < 3 ? 1 : 0),
    )
    const root = ending ? stem(stemmed.slice(0, -ending.length)) : stemmed
    if (language === 'arb') return root
    // An English root drops its silent e before an ending ("store", "storage"): drop it everywhere.
    return withoutMarks(language === 'eng' && root.length > SHORTEST_ROOT ? root.replace(/e$/, '') : root)
  }
}
