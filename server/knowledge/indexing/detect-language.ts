import { franc } from 'franc-min'

// ISO 639-3 (what franc answers) to PostgreSQL's text-search configurations.
const CONFIG_BY_LANGUAGE: Record<string, string> = {
  arb: 'arabic', hye: 'armenian', eus: 'basque', cat: 'catalan', dan: 'danish', nld: 'dutch', eng: 'english',
  est: 'estonian', fin: 'finnish', fra: 'french', deu: 'german', ell: 'greek', hin: 'hindi', hun: 'hungarian',
  ind: 'indonesian', gle: 'irish', ita: 'italian', lit: 'lithuanian', npi: 'nepali', nob: 'norwegian', nno: 'norwegian',
  por: 'portuguese', ron: 'romanian', rus: 'russian', srp: 'serbian', spa: 'spanish', swe: 'swedish', tam: 'tamil',
  tur: 'turkish', ydd: 'yiddish',
}

/**
 * The text-search configuration for a text: its detected language's when the database has one
 * (stemming, stop words), 'simple' otherwise (any language, words as they are).
 */
export function detectSearchConfig(text: string, available: ReadonlySet<string>): string {
  const language = franc(text.slice(0, 4_000), { minLength: 20 })
  const config = CONFIG_BY_LANGUAGE[language]
  return config && available.has(config) ? config : 'simple'
}
