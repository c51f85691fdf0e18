// A small FAQ of our own, as a shop would paste it: questions, answers, list markers and labels. Each
// question is asked with the three passages a retriever might return (the right one not always first);
// the answer should quote the sentence that answers it, and never an FAQ question. The unit tests of the
// offline answerer hold it to this set; `npm run bench` reports its figures beside SciFact's.
import { answerOffline } from '../server/chat/answering/answer-offline.ts'
import type { Passage } from '../server/chat/retrieval/passage.ts'

export const FAQ = [
  'How long does shipping take?\nOrders ship within two business days. Delivery in Europe takes three to five days.',
  'How long does the battery last?\nThe battery lasts about twelve hours on a full charge.',
  'Can I return a lamp?\nA: You can return any lamp within 30 days of delivery for a full refund.',
  'Do you ship abroad?\n- We ship to every country in the European Union.\n- We do not ship outside Europe yet.',
  'What bulbs do the lamps take?\nEvery lamp takes a standard E27 LED bulb of up to 10 watts.',
  'Is there a warranty?\n**All lamps carry a two-year warranty** against defects in materials.',
]

/** Each question, the FAQ entries retrieval gives it (in rank order), and words of the sentence that answers it. */
export const FAQ_CASES: { question: string; passages: number[]; answer: string }[] = [
  { question: 'How long does shipping take?', passages: [1, 0, 3], answer: 'Orders ship within two business days.' },
  { question: 'How many hours does the battery last?', passages: [1, 0, 5], answer: 'about twelve hours' },
  { question: 'Can I return my lamp for a refund?', passages: [0, 2, 4], answer: 'return any lamp within 30 days' },
  { question: 'Do you ship outside Europe?', passages: [3, 0, 1], answer: 'We do not ship outside Europe yet.' },
  { question: 'Which bulb does a lamp take?', passages: [5, 4, 2], answer: 'standard E27 LED bulb' },
  { question: 'How long is the warranty?', passages: [5, 1, 0], answer: 'All lamps carry a two-year warranty' },
]

export const passageOf = (content: string, index: number): Passage => ({
  chunkId: `chunk-${index}`,
  sourceType: 'text',
  documentId: null,
  textId: `text-${index}`,
  websiteId: null,
  title: null,
  content,
  sourceUrl: null,
  pageNumber: null,
  score: 1 / (index + 1),
})

/** The answer's quoted sentences: its lines that end with an [n] citation. */
export const sentencesOf = (answer: string) => answer.split('\n').filter((line) => /\[\d+\]$/.test(line))

/** How the offline answerer does on the FAQ set. */
export function measureOfflineFaq() {
  let rightSentence = 0
  let rightSource = 0
  let questionsQuoted = 0
  let sentences = 0
  for (const { question, passages, answer } of FAQ_CASES) {
    const quoted = sentencesOf(
      answerOffline(
        question,
        passages.map((faq, index) => passageOf(FAQ[faq] ?? '', index)),
      ),
    )
    const answering = quoted.find((sentence) => sentence.includes(answer))
    if (answering) rightSentence += 1
    const rightNumber = passages.findIndex((faq) => FAQ[faq]?.includes(answer)) + 1
    if (quoted.some((sentence) => sentence.endsWith(`[${rightNumber}]`))) rightSource += 1
    questionsQuoted += quoted.filter((sentence) => sentence.includes('?')).length
    sentences += quoted.length
  }
  return {
    questions: FAQ_CASES.length,
    rightSentence,
    rightSource,
    faqQuestionsQuoted: questionsQuoted,
    sentencesPerAnswer: sentences / FAQ_CASES.length,
  }
}
