import { stemmer as arabic } from '@orama/stemmers/arabic'
import { stemmer as dutch } from '@orama/stemmers/dutch'
import { stemmer as english } from '@orama/stemmers/english'
import { stemmer as french } from '@orama/stemmers/french'
import { stemmer as german } from '@orama/stemmers/german'
import { stemmer as italian } from '@orama/stemmers/italian'
import { stemmer as portuguese } from '@orama/stemmers/portuguese'
import { stemmer as spanish } from '@orama/stemmers/spanish'

type Stemmer = (word: string) => string

// Snowball stemmers for the languages the offline answerer speaks (offline-phrases.ts), so "shipping"
// meets "ship" and "returned" meets "return". Words of another language keep their first five letters.
const STEMMERS: Record<string, Stemmer> = {
  eng: english,
  fra: french,
  deu: german,
  spa: spanish,
  por: portuguese,
  ita: italian,
  nld: dutch,
  arb: arabic,
}

const firstLetters: Stemmer = (word) => (word.length > 5 ? word.slice(0, 5) : word)

/** The stemmer for a language code of offline-phrases.ts (ISO 639-3). */
export const stemmerFor = (language: string): Stemmer => STEMMERS[language] ?? firstLetters
