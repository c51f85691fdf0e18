export interface QueryLexeme {
  language: string
  lexeme: string
}

/** Any of the lexemes, as tsquery text: each quoted, so no word can be read as an operator. */
export function anyOfQuery(lexemes: QueryLexeme[]): string {
  const unique = [...new Set(lexemes.map((entry) => entry.lexeme))]
  return unique.map((lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ')
}
