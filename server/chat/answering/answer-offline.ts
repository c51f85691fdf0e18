import type { Passage } from '../retrieval/passage.ts'
import { offlinePhrasesFor } from './offline-phrases.ts'

const SENTENCES_IN_ANSWER = 4
const SENTENCES_PER_PASSAGE = 2

// Sentences that address a reader or a model with orders are never quoted: a source may carry them
// to hijack an answer, and they are not facts about the question anyway.
const INSTRUCTION_LIKE =
  /\b(ignore|disregard|forget)\b.{0,40}\b(instructions?|rules?|prompts?|above|previous)\b|\b(system prompt|you are now|act as|jailbreak)\b|^\s*(assistant|system)\s*:/i

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}]+/gu) ?? []

// A crude stem: words agreeing on their first five letters (return, returns, returned) match.
const stemOf = (word: string) => (word.length > 5 ? word.slice(0, 5) : word)

function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?。！？])\s+(?=\S)/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 12 && sentence.length <= 600)
}

interface Candidate {
  sentence: string
  passageNumber: number
  order: number
  matches: number
}

/**
 * An answer made without a language model: the sentences of the retrieved passages that share the
 * most words with the question, quoted with their [n] citations, under a line saying the answer comes
 * straight from the sources. With no passage it says it does not know.
 */
export function answerOffline(question: string, passages: Passage[]): string {
  const phrases = offlinePhrasesFor(question)
  if (passages.length === 0) return phrases.unknown
  const questionStems = new Set(
    wordsOf(question)
      .filter((word) => word.length >= 3)
      .map(stemOf),
  )
  const candidates: Candidate[] = passages.flatMap((passage, index) =>
    splitSentences(passage.content)
      .filter((sentence) => !INSTRUCTION_LIKE.test(sentence))
      .map((sentence, order) => ({
        sentence,
        passageNumber: index + 1,
        order,
        matches: new Set(
          wordsOf(sentence)
            .map(stemOf)
            .filter((stem) => questionStems.has(stem)),
        ).size,
      })),
  )
  const perPassage = new Map<number, number>()
  const chosen = [...candidates]
    .sort((a, b) => b.matches - a.matches || a.passageNumber - b.passageNumber || a.order - b.order)
    .filter((candidate) => {
      const taken = perPassage.get(candidate.passageNumber) ?? 0
      if (taken >= SENTENCES_PER_PASSAGE) return false
      perPassage.set(candidate.passageNumber, taken + 1)
      return true
    })
    .slice(0, SENTENCES_IN_ANSWER)
  // Passages found by meaning alone may share no word with the question: their opening sentence then.
  const best = chosen.some((candidate) => candidate.matches > 0)
    ? chosen.filter((candidate) => candidate.matches > 0)
    : chosen.slice(0, 1)
  if (best.length === 0) return phrases.unknown
  best.sort((a, b) => a.passageNumber - b.passageNumber || a.order - b.order)
  return [phrases.found, '', ...best.map((candidate) => `- ${candidate.sentence} [${candidate.passageNumber}]`)].join(
    '\n',
  )
}
