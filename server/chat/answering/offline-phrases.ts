import { franc } from 'franc-min'
import { languageByFunctionWords } from '../../knowledge/indexing/function-words.ts'

/**
 * The offline answerer's own words, in the languages it can speak. That no AI model wrote the answer is
 * the team's to know (the dashboard's Chat tab says so), never the website visitor's.
 */
export interface OfflinePhrases {
  unknown: string
}

const PHRASES: Record<string, OfflinePhrases> = {
  eng: {
    unknown:
      "I don't know: none of my sources cover this question. Try rephrasing it, or ask about something the knowledge base covers.",
  },
  fra: {
    unknown:
      'Je ne sais pas : aucune de mes sources ne traite de cette question. Reformulez-la ou posez une question sur un sujet couvert par la base de connaissances.',
  },
  deu: {
    unknown:
      'Das weiß ich nicht: Keine meiner Quellen behandelt diese Frage. Formulieren Sie sie um oder fragen Sie nach etwas, das die Wissensbasis abdeckt.',
  },
  spa: {
    unknown:
      'No lo sé: ninguna de mis fuentes trata esta pregunta. Reformúlela o pregunte por algo que cubra la base de conocimientos.',
  },
  por: {
    unknown:
      'Não sei: nenhuma das minhas fontes trata desta pergunta. Reformule-a ou pergunte sobre algo que a base de conhecimento cubra.',
  },
  ita: {
    unknown:
      'Non lo so: nessuna delle mie fonti tratta questa domanda. Riformulala o chiedi qualcosa che la base di conoscenza copre.',
  },
  nld: {
    unknown:
      'Dat weet ik niet: geen van mijn bronnen behandelt deze vraag. Formuleer de vraag anders of vraag naar iets wat de kennisbank behandelt.',
  },
  arb: {
    unknown: 'لا أعرف: لا يتناول أي من مصادري هذا السؤال. أعد صياغته أو اسأل عن شيء تغطيه قاعدة المعرفة.',
  },
}

/** The question's language (ISO 639-3), among those spoken here; English when it is none of them. */
export function offlineLanguageOf(question: string): string {
  if (/\p{Script=Arabic}/u.test(question)) return 'arb'
  const language = languageByFunctionWords(question) ?? franc(question, { minLength: 3, only: Object.keys(PHRASES) })
  return language in PHRASES ? language : 'eng'
}

/** The phrases in a language of offlineLanguageOf. */
export const offlinePhrasesIn = (language: string): OfflinePhrases =>
  PHRASES[language] ?? (PHRASES.eng as OfflinePhrases)
