import type { Passage } from '../retrieval/passage.ts'
import { isFunctionWord } from '../../knowledge/indexing/function-words.ts'
import { offlinePhrasesFor } from './offline-phrases.ts'

const SENTENCES_IN_ANSWER = 3
const SENTENCES_PER_PASSAGE = 2
/** A sentence sharing this much of its words with one already chosen says nothing new. */
const NEAR_DUPLICATE = 0.7

// Sentences that address a reader or a model with orders are never quoted: a source may carry them
// to hijack an answer, and they are not facts about the question anyway.
const INSTRUCTION_LIKE =
  /\b(ignore|disregard|forget)\b.{0,40}\b(instructions?|rules?|prompts?|above|previous)\b|\b(system prompt|you are now|act as|jailbreak)\b|^\s*(assistant|system)\s*:/i

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}]+/gu) ?? []

// A crude stem: words agreeing on their first four letters (ship, shipping; return, returned) match.
const stemOf = (word: string) => (word.length > 4 ? word.slice(0, 4) : word)

// An FAQ's questions are not answers, and its labels and list markers are not words of the answer.
const QUESTION = /[?？]\s*$|^\s*(q|question|frage)\s*[:.)]/iu
const LINE_LABEL = /^\s*(?:[-*•]|\d{1,2}[.)]|a\s*[:.)]|answer\s*:)\s*/iu

function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.replace(/\s+/g, ' ').split(/(?<=[.!?。！？])\s+(?=\S)/u))
    .map((sentence) =>
      sentence
        .replace(LINE_LABEL, '')
        .replace(/\*\*|__/g, '')
        .trim(),
    )
    .filter((sentence) => sentence.length >= 12 && sentence.length <= 600 && !QUESTION.test(sentence))
}

/** Whether the sentence repeats one already chosen (most of the shorter one's words are in the other). */
function isNearDuplicate(sentence: string, chosen: string[]) {
  const words = new Set(wordsOf(sentence))
  return chosen.some((other) => {
    const otherWords = new Set(wordsOf(other))
    const shared = [...words].filter((word) => otherWords.has(word)).length
    return shared >= NEAR_DUPLICATE * Math.min(words.size, otherWords.size)
  })
}

interface Candidate {
  sentence: string
  passageNumber: number
  order: number
  matches: number
}

/**
 * An answer made without a language model: the few sentences of the retrieved passages that share the
 * most words with the question (never an FAQ's questions, never the same thing twice), in the sources'
 * order, each with its [n] citation, under one line saying they are the sources' words. With no passage
 * it says it does not know.
 */
export function answerOffline(question: string, passages: Passage[]): string {
  const phrases = offlinePhrasesFor(question)
  if (passages.length === 0) return phrases.unknown
  const questionStems = new Set(
    wordsOf(question)
      .filter((word) => word.length >= 3 && !isFunctionWord(word))
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
  const chosen: Candidate[] = []
  const ranked = [...candidates].sort(
    (a, b) => b.matches - a.matches || a.passageNumber - b.passageNumber || a.order - b.order,
  )
  // The best sentence sets the bar: others must match at least half as many of the question's words.
  const bar = Math.max(1, Math.ceil((ranked[0]?.matches ?? 0) / 2))
  for (const candidate of ranked) {
    if (chosen.length === SENTENCES_IN_ANSWER) break
    if (candidate.matches < bar) break
    const taken = perPassage.get(candidate.passageNumber) ?? 0
    if (taken >= SENTENCES_PER_PASSAGE) continue
    if (
      isNearDuplicate(
        candidate.sentence,
        chosen.map((item) => item.sentence),
      )
    )
      continue
    perPassage.set(candidate.passageNumber, taken + 1)
    chosen.push(candidate)
  }
  // Passages found by meaning alone may share no word with the question: the best one's opening sentence then.
  const best = chosen.length > 0 ? chosen : candidates.filter((candidate) => candidate.passageNumber === 1).slice(0, 1)
  if (best.length === 0) return phrases.unknown
  best.sort((a, b) => a.passageNumber - b.passageNumber || a.order - b.order)
  return [phrases.found, '', ...best.map((candidate) => `${candidate.sentence} [${candidate.passageNumber}]`)].join(
    '\n',
  )
}
