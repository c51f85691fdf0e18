import { describe, expect, it } from 'vitest'
import { chunkSection } from './chunk-section.ts'

describe('chunkSection', () => {
  it('keeps a short text whole', () => {
    expect(chunkSection('A short note.', { size: 800, overlap: 100 })).toEqual([
      { content: 'A short note.', heading: undefined },
    ])
  })

  it('never mixes two headings, and tags each chunk with its heading', () => {
    const chunks = chunkSection('# Shipping\nWe ship in 2 days.\n\n# Returns\nReturns within 30 days.', {
      size: 800,
      overlap: 100,
    })
    expect(chunks).toEqual([
      { content: 'We ship in 2 days.', heading: 'Shipping' },
      { content: 'Returns within 30 days.', heading: 'Returns' },
    ])
  })

  it('joins paragraphs up to the size, then starts a new chunk with an overlap', () => {
    const paragraphs = Array.from({ length: 6 }, (_unused, index) => `Paragraph ${index} ${'word '.repeat(30).trim()}.`)
    const chunks = chunkSection(paragraphs.join('\n\n'), { size: 400, overlap: 60 })
    expect(chunks.length).toBeGreaterThan(1)
    for (const chunk of chunks) expect(chunk.content.length).toBeLessThanOrEqual(400 + 60 + 1)
    expect(chunks[1]?.content.startsWith('word')).toBe(true) // the tail of the previous chunk comes first
  })

  it('cuts a long paragraph at sentence ends', () => {
    const sentence = 'This sentence is exactly about fifty characters long. '
    const chunks = chunkSection(sentence.repeat(20), { size: 200, overlap: 0 })
    for (const chunk of chunks) expect(chunk.content.endsWith('.')).toBe(true)
  })

  it('keeps table rows whole and repeats the header row in every chunk of the table', () => {
    const rows = [
      '| product | price |',
      ...Array.from({ length: 40 }, (_unused, index) => `| item ${index} | ${index * 10} EUR |`),
    ]
    const chunks = chunkSection(rows.join('\n'), { size: 200, overlap: 50 })
    expect(chunks.length).toBeGreaterThan(2)
    for (const chunk of chunks) {
      expect(chunk.content.split('\n')[0]).toBe('| product | price |')
      for (const line of chunk.content.split('\n')) expect(line).toMatch(/^\|.*\|$/)
    }
  })
})
