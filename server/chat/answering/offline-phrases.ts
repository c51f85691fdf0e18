import { franc } from 'franc-min'
import { languageByFunctionWords } from '../../knowledge/indexing/function-words.ts'

/** The offline answerer's own words, in the languages it can speak. */
export interface OfflinePhrases {
  found: string
  unknown: string
}

const PHRASES: Record<string, OfflinePhrases> = {
  eng: {
    found: 'Here is what the sources say (answered directly from the sources, without an AI model):',
    unknown:
      "I don't know: none of my sources cover this question. Try rephrasing it, or ask about something the knowledge base covers.",
  },
  fra: {
    found: 'Voici ce que disent les sources (réponse tirée directement des sources, sans modèle d’IA) :',
    unknown:
      'Je ne sais pas : aucune de mes sources ne traite de cette question. Reformulez-la ou posez une question sur un sujet couvert par la base de connaissances.',
  },
  deu: {
    found: 'Das sagen die Quellen (direkt aus den Quellen beantwortet, ohne KI-Modell):',
    unknown:
      'Das weiß ich nicht: Keine meiner Quellen behandelt diese Frage. Formulieren Sie sie um oder fragen Sie nach etwas, das die Wissensbasis abdeckt.',
  },
  spa: {
    found: 'Esto es lo que dicen las fuentes (respuesta tomada directamente de las fuentes, sin un modelo de IA):',
    unknown:
      'No lo sé: ninguna de mis fuentes trata esta pregunta. Reformúlela o pregunte por algo que cubra la base de conocimientos.',
  },
  por: {
    found: 'Eis o que dizem as fontes (resposta tirada diretamente das fontes, sem um modelo de IA):',
    unknown:
      'Não sei: nenhuma das minhas fontes trata desta pergunta. Reformule-a ou pergunte sobre algo que a base de conhecimento cubra.',
  },
  ita: {
    found: 'Ecco cosa dicono le fonti (risposta tratta direttamente dalle fonti, senza un modello di IA):',
    unknown:
      'Non lo so: nessuna delle mie fonti tratta questa domanda. Riformulala o chiedi qualcosa che la base di conoscenza copre.',
  },
  nld: {
    found: 'Dit zeggen de bronnen (rechtstreeks uit de bronnen beantwoord, zonder AI-model):',
    unknown:
      'Dat weet ik niet: geen van mijn bronnen behandelt deze vraag. Formuleer de vraag anders of vraag naar iets wat de kennisbank behandelt.',
  },
  arb: {
    found: 'إليك ما تقوله المصادر (إجابة مأخوذة مباشرة من المصادر، دون نموذج ذكاء اصطناعي):',
    unknown: 'لا أعرف: لا يتناول أي من مصادري هذا السؤال. أعد صياغته أو اسأل عن شيء تغطيه قاعدة المعرفة.',
  },
}

/** The phrases in the question's language, detected among those spoken here; English otherwise. */
export function offlinePhrasesFor(question: string): OfflinePhrases {
  if (/\p{Script=Arabic}/u.test(question)) return PHRASES.arb as OfflinePhrases
  const language = languageByFunctionWords(question) ?? franc(question, { minLength: 3, only: Object.keys(PHRASES) })
  return PHRASES[language] ?? (PHRASES.eng as OfflinePhrases)
}
