import type { Database } from '../../db/database.ts'
import { franc } from 'franc-min'
import { languageByFunctionWords } from './function-words.ts'

// ISO 639-3 (what franc answers) to PostgreSQL's text-search configurations.
const CONFIG_BY_LANGUAGE: Record<string, string> = {
  arb: 'arabic',
  hye: 'armenian',
  eus: 'basque',
  cat: 'catalan',
  dan: 'danish',
  nld: 'dutch',
  eng: 'english',
  est: 'estonian',
  fin: 'finnish',
  fra: 'french',
  deu: 'german',
  ell: 'greek',
  hin: 'hindi',
  hun: 'hungarian',
  ind: 'indonesian',
  gle: 'irish',
  ita: 'italian',
  lit: 'lithuanian',
  npi: 'nepali',
  nob: 'norwegian',
  nno: 'norwegian',
  por: 'portuguese',
  ron: 'romanian',
  rus: 'russian',
  srp: 'serbian',
  spa: 'spanish',
  swe: 'swedish',
  tam: 'tamil',
  tur: 'turkish',
  ydd: 'yiddish',
}

// From this length on, trigram statistics are reliable; below it, function words decide.
const RELIABLE_LENGTH = 300

/**
 * The text-search configuration for a text: its detected language's when the database has one
 * (stemming, stop words), otherwise `fallback` (the agent's usual configuration, so one agent's
 * passages share their stemming) or 'simple' (any language, words as they are).
 */
export function detectSearchConfig(
  text: string,
  available: ReadonlySet<string>,
  fallback: string | null = null,
): string {
  const sample = text.slice(0, 4_000)
  const language =
    sample.trim().length >= RELIABLE_LENGTH ? franc(sample, { minLength: 20 }) : languageByFunctionWords(sample)
  const config = language ? CONFIG_BY_LANGUAGE[language] : undefined
  if (config && available.has(config)) return config
  return fallback && available.has(fallback) ? fallback : 'simple'
}

/** The configuration most of the agent's passages use, if it has any. */
export async function usualSearchConfig(database: Database, agentId: string): Promise<string | null> {
  const usual = await database.prisma.knowledgeIndexStat.findFirst({
    where: { agentId, chunkCount: { gt: 0 } },
    orderBy: { chunkCount: 'desc' },
    select: { language: true },
  })
  return usual?.language ?? null
}
