import type { Database } from '../../db/database.ts'

export interface QueryLexeme {
  language: string
  lexeme: string
}

/**
 * The question's words as each text-search configuration in use normalises them (stemming and stop
 * words per language), so a passage is matched in its own language's terms, whatever language the
 * question is in. Duplicates are dropped.
 */
export async function queryLexemes(database: Database, question: string, languages: string[]): Promise<QueryLexeme[]> {
  if (languages.length === 0) return []
  return database.prisma.$queryRaw<QueryLexeme[]>`
    select distinct config as language, word as lexeme
    from unnest(${languages}::text[]) config, unnest(tsvector_to_array(to_tsvector(config::regconfig, ${question}))) word`
}

/** Any of the lexemes, as tsquery text: each quoted, so no word can be read as an operator. */
export function anyOfQuery(lexemes: QueryLexeme[]): string {
  const unique = [...new Set(lexemes.map((entry) => entry.lexeme))]
  return unique.map((lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ')
}
