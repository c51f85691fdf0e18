import { describe, expect, it } from 'vitest'
import type { Passage } from '../retrieval/passage.ts'
import { answerOffline } from './answer-offline.ts'

// A small FAQ of our own, as a shop would paste it: questions, answers, list markers and labels. Each
// question is asked with the three passages a retriever might return (the right one not always first);
// the answer must quote the sentence that answers it, and never an FAQ question.
const FAQ = [
  'How long does shipping take?\nOrders ship within two business days. Delivery in Europe takes three to five days.',
  'How long does the battery last?\nThe battery lasts about twelve hours on a full charge.',
  'Can I return a lamp?\nA: You can return any lamp within 30 days of delivery for a full refund.',
  'Do you ship abroad?\n- We ship to every country in the European Union.\n- We do not ship outside Europe yet.',
  'What bulbs do the lamps take?\nEvery lamp takes a standard E27 LED bulb of up to 10 watts.',
  'Is there a warranty?\n**All lamps carry a two-year warranty** against defects in materials.',
]

const CASES: { question: string; passages: number[]; answer: string }[] = [
  { question: 'How long does shipping take?', passages: [1, 0, 3], answer: 'Orders ship within two business days.' },
  { question: 'How many hours does the battery last?', passages: [1, 0, 5], answer: 'about twelve hours' },
  { question: 'Can I return my lamp for a refund?', passages: [0, 2, 4], answer: 'return any lamp within 30 days' },
  { question: 'Do you ship outside Europe?', passages: [3, 0, 1], answer: 'We do not ship outside Europe yet.' },
  { question: 'Which bulb does a lamp take?', passages: [5, 4, 2], answer: 'standard E27 LED bulb' },
  { question: 'How long is the warranty?', passages: [5, 1, 0], answer: 'All lamps carry a two-year warranty' },
]

const passage = (content: string, index: number): Passage => ({
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

const sentencesOf = (answer: string) => answer.split('\n').slice(2)

describe('the offline answerer on an FAQ', () => {
  it.each(CASES)('answers “$question” with the sentence that answers it', ({ question, passages, answer }) => {
    const text = answerOffline(
      question,
      passages.map((faq, index) => passage(FAQ[faq] ?? '', index)),
    )
    expect(text.startsWith('Here is what the sources say:\n\n')).toBe(true)
    const sentences = sentencesOf(text)
    expect(sentences.some((sentence) => sentence.includes(answer))).toBe(true)
    // No question copied from the FAQ, no list marker or label, no markdown, at most three sentences, each cited.
    expect(sentences.filter((sentence) => /\?/.test(sentence))).toEqual([])
    expect(sentences.filter((sentence) => /^(- |\* |A:)|\*\*/.test(sentence))).toEqual([])
    expect(sentences.length).toBeLessThanOrEqual(3)
    for (const sentence of sentences) expect(sentence).toMatch(/ \[\d\]$/)
  })

  it('quotes a fact once, even when two sources say it in nearly the same words', () => {
    const text = answerOffline('How long does shipping take?', [
      passage('Orders ship within two business days from our warehouse.', 0),
      passage('Orders ship within two business days from our warehouse in Lyon.', 1),
    ])
    expect(sentencesOf(text)).toEqual(['Orders ship within two business days from our warehouse. [1]'])
  })

  it('keeps the sources’ order, and leaves out sentences that match the question much less than the best', () => {
    const text = answerOffline('How long does delivery in Europe take?', [
      passage('Gift wrapping is free. Delivery in Europe takes three to five days.', 0),
      passage('Delivery in Europe is tracked. Our shop is in Europe.', 1),
    ])
    expect(sentencesOf(text)).toEqual([
      'Delivery in Europe takes three to five days. [1]',
      'Delivery in Europe is tracked. [2]',
    ])
  })

  it('says it does not know without passages, and quotes the best passage’s opening when no word matches', () => {
    expect(answerOffline('How long does shipping take?', [])).toMatch(/^I don't know/)
    const text = answerOffline('Anything about postage?', [
      passage('Orders ship within two business days.', 0),
      passage('Lamps are made in Lyon.', 1),
    ])
    expect(sentencesOf(text)).toEqual(['Orders ship within two business days. [1]'])
  })
})
