import { describe, expect, it } from 'vitest'
import { FAQ, FAQ_CASES, passageOf, sentencesOf } from '../../../bench/offline-faq.ts'
import { answerOffline } from './answer-offline.ts'

// The FAQ set of bench/offline-faq.ts: each question must be answered by the sentence that answers it.
describe('the offline answerer on an FAQ', () => {
  it.each(FAQ_CASES)('answers “$question” with the sentence that answers it', ({ question, passages, answer }) => {
    const text = answerOffline(
      question,
      passages.map((faq, index) => passageOf(FAQ[faq] ?? '', index)),
    )
    expect(text.startsWith('Here is what the sources say:\n\n')).toBe(true)
    const sentences = sentencesOf(text)
    // The answering sentence, cited to the passage it came from.
    const source = passages.findIndex((faq) => FAQ[faq]?.includes(answer)) + 1
    expect(sentences.find((sentence) => sentence.includes(answer))).toMatch(new RegExp(`\\[${source}\\]$`))
    // No question copied from the FAQ, no list marker or label, no markdown, at most three sentences, each cited.
    expect(sentences.filter((sentence) => /\?/.test(sentence))).toEqual([])
    expect(sentences.filter((sentence) => /^(- |\* |A:)|\*\*/.test(sentence))).toEqual([])
    expect(sentences.length).toBeLessThanOrEqual(3)
    for (const sentence of sentences) expect(sentence).toMatch(/ \[\d\]$/)
  })

  it('quotes a fact once, even when two sources say it in nearly the same words', () => {
    const text = answerOffline('How long does shipping take?', [
      passageOf('Orders ship within two business days from our warehouse.', 0),
      passageOf('Orders ship within two business days from our warehouse in Lyon.', 1),
    ])
    expect(sentencesOf(text)).toEqual(['Orders ship within two business days from our warehouse. [1]'])
  })

  it('keeps the sources’ order, and leaves out sentences that match the question much less than the best', () => {
    const text = answerOffline('How long does delivery in Europe take?', [
      passageOf('Gift wrapping is free. Delivery in Europe takes three to five days.', 0),
      passageOf('Delivery in Europe is tracked. Our shop is in Europe.', 1),
    ])
    expect(sentencesOf(text)).toEqual([
      'Delivery in Europe takes three to five days. [1]',
      'Delivery in Europe is tracked. [2]',
    ])
  })

  it('always quotes the best-ranked passage, and lets every passage speak once before any speaks twice', () => {
    const text = answerOffline('How long does delivery of a lamp to Europe take?', [
      passageOf('Every lamp is packed by hand. Delivery is free.', 0),
      passageOf('Delivery of a lamp to Europe takes three days. Delivery of a lamp to Europe is tracked.', 1),
      passageOf('Delivery of a lamp to Europe is by courier.', 2),
    ])
    expect(sentencesOf(text)).toEqual([
      'Every lamp is packed by hand. [1]',
      'Delivery of a lamp to Europe takes three days. [2]',
      'Delivery of a lamp to Europe is by courier. [3]',
    ])
  })

  it('matches words by their stem in the question’s language', () => {
    const english = answerOffline('What sizes do the bulbs come in?', [
      passageOf('Our shop opens at nine. Every bulb comes in one size.', 0),
    ])
    expect(sentencesOf(english)).toEqual(['Every bulb comes in one size. [1]'])
    const french = answerOffline('Les lampes sont-elles remboursées ?', [
      passageOf('Le magasin ouvre à neuf heures. Nous offrons le remboursement de chaque lampe.', 0),
    ])
    expect(sentencesOf(french)).toEqual(['Nous offrons le remboursement de chaque lampe. [1]'])
  })

  it('says it does not know without passages, and quotes the best passage’s opening when no word matches', () => {
    expect(answerOffline('How long does shipping take?', [])).toMatch(/^I don't know/)
    const text = answerOffline('Anything about postage?', [
      passageOf('Orders ship within two business days.', 0),
      passageOf('Lamps are made in Lyon.', 1),
    ])
    expect(sentencesOf(text)).toEqual(['Orders ship within two business days. [1]'])
  })
})
