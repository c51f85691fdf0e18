import type { Passage } from '../retrieval/passage.ts'
import { offlineLanguageOf, offlinePhrasesIn } from './offline-phrases.ts'
import { scoreSentences, type SentenceScore } from './score-sentences.ts'

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

interface Candidate extends SentenceScore {
  sentence: string
  passageNumber: number
  order: number
}

/**
 * An answer made without a language model: the few sentences of the retrieved passages that best answer
 * the question (score-sentences.ts), never an FAQ's questions, never the same thing twice, each with its
 * [n] citation, and no preamble. Sentences rank by how many of the question's words they share, then by
 * retrieval's order of their passages (it ranked them by more than shared words), then by those words'
 * rarity and whether they say no to a question that asks whether. The best-ranked passage's best
 * sentence always speaks first; the rest follow by rank, every passage once before any twice, none
 * sharing under half as many words as the best. With no passage it says it does not know.
 */
export function answerOffline(question: string, passages: Passage[]): string {
  const language = offlineLanguageOf(question)
  const phrases = offlinePhrasesIn(language)
  if (passages.length === 0) return phrases.unknown
  const sentences = passages.flatMap((passage, index) =>
    splitSentences(passage.content)
      .filter((sentence) => !INSTRUCTION_LIKE.test(sentence))
      .map((sentence, order) => ({ sentence, passageNumber: index + 1, order })),
  )
  const scores = scoreSentences(
    question,
    language,
    sentences.map((item) => item.sentence),
  )
  const candidates: Candidate[] = sentences.map((item, index) => ({ ...item, ...(scores[index] as SentenceScore) }))
  const ranked = [...candidates].sort(
    (a, b) => b.matches - a.matches || a.passageNumber - b.passageNumber || b.weight - a.weight || a.order - b.order,
  )
  const chosen: Candidate[] = []
  const perPassage = new Map<number, number>()
  const choose = (candidate: Candidate) => {
    chosen.push(candidate)
    perPassage.set(candidate.passageNumber, (perPassage.get(candidate.passageNumber) ?? 0) + 1)
  }
  const firstPassageBest = ranked.find((candidate) => candidate.passageNumber === 1 && candidate.matches > 0)
  if (firstPassageBest) choose(firstPassageBest)
  // The best sentence sets the bar: others must match at least half as many of the question's words.
  const bar = Math.max(1, Math.ceil((ranked[0]?.matches ?? 0) / 2))
  for (const perPassageLimit of [1, SENTENCES_PER_PASSAGE]) {
    for (const candidate of ranked) {
      if (chosen.length === SENTENCES_IN_ANSWER || candidate.matches < bar) break
      if (chosen.includes(candidate) || (perPassage.get(candidate.passageNumber) ?? 0) >= perPassageLimit) continue
      if (
        isNearDuplicate(
          candidate.sentence,
          chosen.map((item) => item.sentence),
        )
      )
        continue
      choose(candidate)
    }
  }
  // Passages found by meaning alone may share no word with the question: the best one's opening sentence then.
  const best = chosen.length > 0 ? chosen : candidates.filter((candidate) => candidate.passageNumber === 1).slice(0, 1)
  if (best.length === 0) return phrases.unknown
  best.sort((a, b) =>
    a === firstPassageBest ? -1 : b === firstPassageBest ? 1 : ranked.indexOf(a) - ranked.indexOf(b),
  )
  return best.map((candidate) => `${candidate.sentence} [${candidate.passageNumber}]`).join('\n')
}
