import { offlineLanguageOf } from '../chat/answering/offline-phrases.ts'
import { stemmerFor } from '../chat/answering/stem-words.ts'
import { isFunctionWord } from '../knowledge/indexing/function-words.ts'

const WORD = /[\p{L}\p{N}]+/gu

/**
 * What makes two questions "the same" for the Improve list: their content words (function words left
 * out), lower-cased, stemmed in the question's language and sorted, so "How long do I have to return a
 * product?" and "Can I return the product, and for how long?" meet. A question of function words only
 * keys on all its words.
 */
export function questionKeyOf(question: string): string {
  const words = (question.toLowerCase().match(WORD) ?? []).slice(0, 60)
  const stem = stemmerFor(offlineLanguageOf(question))
  const content = words.filter((word) => !isFunctionWord(word))
  return [...new Set((content.length > 0 ? content : words).map(stem))].sort().join(' ')
}
