// The offline answerer on 62 question/passage pairs written for issue 37 in the manner of shops' and SaaS
// FAQ pages (shipping, returns, payment, warranty, accounts, sizes, opening hours; English, French,
// Spanish, Arabic), each naming the sentence that answers it: how often the answer opens with that
// sentence, and how often it quotes it at all. `kind` says what the pair tests: a negated sentence that
// answers, a word in another derived form, a key noun beside a sentence about something else, a rare term.
// `npm run bench` reports it beside SciFact's figures; `node bench/measure-offline-answer-pairs.ts` alone.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { answerOffline } from '../server/chat/answering/answer-offline.ts'
import { passageOf, sentencesOf } from './offline-faq.ts'

export interface AnswerPair {
  kind: string
  language?: string
  question: string
  /** The passages retrieval gives the question, best-ranked first. */
  passages: string[]
  /** Words of the sentence that answers the question. */
  answer: string
}

export const ANSWER_PAIRS = JSON.parse(
  readFileSync(new URL('./offline-answer-pairs.json', import.meta.url), 'utf8'),
) as AnswerPair[]

/** How an answerer (the offline answerer unless told) does on the pairs, overall and by kind. */
export function measureOfflineAnswerPairs(answer: typeof answerOffline = answerOffline) {
  const tally = new Map<string, { pairs: number; opensWithAnswer: number; quotesAnswer: number; sentences: number }>()
  const misses: string[] = []
  for (const pair of ANSWER_PAIRS) {
    const quoted = sentencesOf(answer(pair.question, pair.passages.map(passageOf)))
    for (const kind of ['all', pair.kind]) {
      const row = tally.get(kind) ?? { pairs: 0, opensWithAnswer: 0, quotesAnswer: 0, sentences: 0 }
      row.pairs += 1
      if (quoted[0]?.includes(pair.answer)) row.opensWithAnswer += 1
      if (quoted.some((sentence) => sentence.includes(pair.answer))) row.quotesAnswer += 1
      row.sentences += quoted.length
      tally.set(kind, row)
    }
    if (!quoted[0]?.includes(pair.answer)) misses.push(pair.question)
  }
  const rows = [...tally].map(([kind, row]) => ({
    kind,
    pairs: row.pairs,
    opensWithAnswer: row.opensWithAnswer,
    quotesAnswer: row.quotesAnswer,
    sentencesPerAnswer: Math.round((row.sentences / row.pairs) * 100) / 100,
  }))
  return { rows, misses }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, misses } = measureOfflineAnswerPairs()
  console.table(rows)
  console.log(`Not opening with the answer: ${misses.join(' · ') || 'none'}`)
}
