import { isFunctionWord } from '../../knowledge/indexing/function-words.ts'
import { rootsIn, SHORTEST_SHARED_PREFIX } from './word-roots.ts'
import { asksWhether, saysNo } from './yes-no-cues.ts'

/** A sentence that says no, in answer to a question that asks whether, weighs this many times more. */
const NEGATION_WEIGHT = 1.5

export interface SentenceScore {
  /** How many of the question's words (by root) the sentence has. */
  matches: number
  /** Those words weighed by their rarity among the sentences, half as much again when it says no to a yes-or-no question. */
  weight: number
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}]+/gu) ?? []

/** Whether two roots name the same thing: equal, or the shorter, long enough, begins the other. */
const isSameRoot = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= SHORTEST_SHARED_PREFIX && (a.startsWith(b) || b.startsWith(a)))

/**
 * How well each sentence answers the question (in `language`, of offline-phrases.ts): the question's
 * words it shares, by root (word-roots.ts), and those words weighed by how rare they are among all the
 * sentences (a word every sentence repeats tells none apart: log(1 + sentences / sentences with it)). A
 * question that asks whether is answered by what the sources rule out as much as by what they offer
 * ("Do you ship to Canada?": "We do not ship outside the United States"), so a sentence that says no
 * weighs half as much again.
 */
export function scoreSentences(question: string, language: string, sentences: string[]): SentenceScore[] {
  const rootOf = rootsIn(language)
  const questionRoots = [
    ...new Set(
      wordsOf(question)
        .filter((word) => word.length >= 3 && !isFunctionWord(word))
        .map(rootOf),
    ),
  ]
  const shared = sentences.map((sentence) => {
    const roots = [...new Set(wordsOf(sentence).map(rootOf))]
    return questionRoots.filter((root) => roots.some((other) => isSameRoot(root, other)))
  })
  const rarity = new Map(
    questionRoots.map((root) => {
      const holding = shared.filter((roots) => roots.includes(root)).length
      return [root, Math.log(1 + sentences.length / Math.max(holding, 1))]
    }),
  )
  const isYesNo = asksWhether(question, language)
  return shared.map((roots, index) => {
    const weight = roots.reduce((sum, root) => sum + (rarity.get(root) ?? 0), 0)
    const saysNoToIt = isYesNo && weight > 0 && saysNo(sentences[index] ?? '')
    return { matches: roots.length, weight: saysNoToIt ? weight * NEGATION_WEIGHT : weight }
  })
}
