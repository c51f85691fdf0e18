import { franc } from 'franc-min'

/** The offline answerer's own words, in the languages it can speak. */
export interface OfflinePhrases {
  found: string
  unknown: string
}

const PHRASES: Record<string, OfflinePhrases> = {
  eng: {
    found: 'Here is what the sources say (answered directly from the sources, without an AI model):',
    unknown: "I don't know: none of my sources cover this question. Try rephrasing it, or ask about something the knowledge base covers.",
  },
  fra: {
    found: 'Voici ce que disent les sources (réponse tirée directement des sources, sans modèle d’IA) :',
    unknown: 'Je ne sais pas : aucune de mes sources ne traite de cette question. Reformulez-la ou posez une question sur un sujet couvert par la base de connaissances.',
  },
  deu: {
    found: 'Das sagen die Quellen (direkt aus den Quellen beantwortet, ohne KI-Modell):',
    unknown: 'Das weiß ich nicht: Keine meiner Quellen behandelt diese Frage. Formulieren Sie sie um oder fragen Sie nach etwas, das die Wissensbasis abdeckt.',
  },
  spa: {
    found: 'Esto es lo que dicen las fuentes (respuesta tomada directamente de las fuentes, sin un modelo de IA):',
    unknown: 'No lo sé: ninguna de mis fuentes trata esta pregunta. Reformúlela o pregunte por algo que cubra la base de conocimientos.',
  },
  por: {
    found: 'Eis o que dizem as fontes (resposta tirada diretamente das fontes, sem um modelo de IA):',
    unknown: 'Não sei: nenhuma das minhas fontes trata desta pergunta. Reformule-a ou pergunte sobre algo que a base de conhecimento cubra.',
  },
  ita: {
    found: 'Ecco cosa dicono le fonti (risposta tratta direttamente dalle fonti, senza un modello di IA):',
    unknown: 'Non lo so: nessuna delle mie fonti tratta questa domanda. Riformulala o chiedi qualcosa che la base di conoscenza copre.',
  },
  nld: {
    found: 'Dit zeggen de bronnen (rechtstreeks uit de bronnen beantwoord, zonder AI-model):',
    unknown: 'Dat weet ik niet: geen van mijn bronnen behandelt deze vraag. Formuleer de vraag anders of vraag naar iets wat de kennisbank behandelt.',
  },
  arb: {
    found: 'إليك ما تقوله المصادر (إجابة مأخوذة مباشرة من المصادر، دون نموذج ذكاء اصطناعي):',
    unknown: 'لا أعرف: لا يتناول أي من مصادري هذا السؤال. أعد صياغته أو اسأل عن شيء تغطيه قاعدة المعرفة.',
  },
}

// Short questions defeat trigram statistics ("How do I return a product?" reads as Portuguese to
// them); their function words rarely lie.
const FUNCTION_WORDS: Record<string, string[]> = {
  eng: ['the', 'is', 'are', 'do', 'does', 'how', 'what', 'when', 'where', 'can', 'i', 'my', 'you', 'to', 'of', 'a', 'and', 'for', 'with', 'have'],
  fra: ['le', 'la', 'les', 'un', 'une', 'des', 'est', 'pour', 'comment', 'quel', 'quelle', 'je', 'mon', 'vous', 'de', 'et', 'avec', 'combien', 'pourquoi'],
  deu: ['der', 'die', 'das', 'ist', 'und', 'wie', 'was', 'ich', 'mein', 'sie', 'zu', 'mit', 'für', 'ein', 'eine', 'kann', 'wann', 'wo'],
  spa: ['el', 'la', 'los', 'las', 'es', 'que', 'cómo', 'como', 'qué', 'puedo', 'mi', 'un', 'una', 'para', 'con', 'y', 'cuántos', 'cuando'],
  por: ['o', 'a', 'os', 'as', 'é', 'que', 'como', 'posso', 'meu', 'minha', 'um', 'uma', 'para', 'com', 'e', 'quantos', 'quando', 'não'],
  ita: ['il', 'lo', 'la', 'gli', 'è', 'che', 'come', 'posso', 'mio', 'un', 'una', 'per', 'con', 'e', 'quanti', 'quando', 'non', 'di'],
  nld: ['de', 'het', 'een', 'is', 'hoe', 'wat', 'ik', 'mijn', 'kan', 'voor', 'met', 'en', 'van', 'wanneer', 'hoeveel', 'niet'],
}

function byFunctionWords(question: string): string | null {
  const words = question.toLowerCase().match(/[\p{L}]+/gu) ?? []
  const scores = Object.entries(FUNCTION_WORDS).map(([language, list]) => [language, words.filter((word) => list.includes(word)).length] as const)
  scores.sort((a, b) => b[1] - a[1])
  const [first, second] = scores
  return first && first[1] > 0 && first[1] > (second?.[1] ?? 0) ? first[0] : null
}

/** The phrases in the question's language, detected among those spoken here; English otherwise. */
export function offlinePhrasesFor(question: string): OfflinePhrases {
  if (/\p{Script=Arabic}/u.test(question)) return PHRASES.arb as OfflinePhrases
  const language = byFunctionWords(question) ?? franc(question, { minLength: 3, only: Object.keys(PHRASES) })
  return PHRASES[language] ?? (PHRASES.eng as OfflinePhrases)
}
