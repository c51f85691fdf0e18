import { describe, expect, it } from 'vitest'
import { readTsvector } from './parse-tsvector.ts'

const wordsOf = (text: string) => {
  const words: [string, number][] = []
  readTsvector(text, (lexeme, count) => words.push([lexeme, count]))
  return words
}

describe('readTsvector', () => {
  it('reads each lexeme with the number of its positions', () => {
    expect(wordsOf("'assess':9A,9B 'appar':60B,120B,147B '1.1':157")).toEqual([
      ['assess', 2],
      ['appar', 3],
      ['1.1', 1],
    ])
  })

  it('unescapes quotes and backslashes, and counts a lexeme without positions as 0', () => {
    expect(wordsOf("'it''s':1 'back\\\\slash':2,3 'bare'")).toEqual([
      ["it's", 1],
      ['back\\slash', 2],
      ['bare', 0],
    ])
  })

  it('reads an empty vector as no words', () => {
    expect(wordsOf('')).toEqual([])
  })
})
