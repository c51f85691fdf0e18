/**
 * Reads PostgreSQL's text form of a tsvector (`'word':1A,5 'other':3`), calling back with each lexeme
 * (quoted with `''` and `\\` escaped) and the number of its positions: BM25's term frequency, as
 * `cardinality(positions)` reads it (a lexeme without positions counts 0).
 */
export function readTsvector(text: string, onWord: (lexeme: string, count: number) => void): void {
  let at = 0
  while (at < text.length) {
    if (text[at] === ' ') {
      at += 1
      continue
    }
    if (text[at] !== "'") throw new Error(`unexpected tsvector text at ${at}`)
    at += 1
    let lexeme = ''
    let from = at
    for (;;) {
      const character = text[at]
      if (character === undefined) throw new Error('unterminated tsvector lexeme')
      if (character === '\\' || (character === "'" && text[at + 1] === "'")) {
        lexeme += text.slice(from, at) + (text[at + 1] ?? '')
        at += 2
        from = at
      } else if (character === "'") {
        lexeme += text.slice(from, at)
        at += 1
        break
      } else at += 1
    }
    let count = 0
    if (text[at] === ':') {
      count = 1
      at += 1
      while (at < text.length && text[at] !== ' ') {
        if (text[at] === ',') count += 1
        at += 1
      }
    }
    onWord(lexeme, count)
  }
}
