// Words that make a question ask whether (it opens with none of its language's question words) and a
// sentence say no, in the languages of offline-phrases.ts. A shop's "Do you ship to Canada?" is answered
// by its limits ("We do not ship outside the United States") more often than by what it does.
const QUESTION_WORDS: Record<string, string> = {
  eng: 'what which how where when why who whom whose',
  fra: 'que qu quel quelle quels quelles comment où quand combien pourquoi qui quoi lequel laquelle',
  spa: 'qué que cuál cuáles cuánto cuánta cuántos cuántas cómo dónde cuándo quién quiénes por para',
  por: 'que qual quais quanto quanta quantos quantas como onde quando quem por',
  ita: 'che cosa quale quali quanto quanta quanti quante come dove quando chi perché',
  deu: 'was welche welcher welches welchen wie wo wohin woher wann warum wer wen wem wieso weshalb',
  nld: 'wat welke welk hoe waar wanneer waarom wie hoeveel',
  arb: 'ما ماذا متى أين اين كيف كم لماذا من أي اي',
}

const NEGATIONS: Record<string, string> = {
  eng: 'not no never cannot none nor neither',
  fra: 'pas jamais aucun aucune ni non',
  spa: 'no nunca jamás ningún ninguno ninguna ni tampoco',
  por: 'não nunca jamais nenhum nenhuma nem',
  ita: 'non mai nessun nessuno nessuna né',
  deu: 'nicht kein keine keinen keinem keiner keines nie niemals',
  nld: 'niet geen nooit',
  arb: 'لا لن لم ليس ليست غير',
}

// A short question's language is a guess ("Do discount codes work on sale items?" reads as French): a
// sentence says no in any of the languages, and "non-refundable" says no in English too.
const ANY_NEGATION = new Set(Object.values(NEGATIONS).flatMap((words) => words.split(' ')))

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{M}]+(?:['’]t)?/gu) ?? []

/** Whether a question, in a language of offline-phrases.ts, asks whether something is so (yes or no). */
export function asksWhether(question: string, language: string): boolean {
  const first = wordsOf(question)[0]
  return first !== undefined && !(QUESTION_WORDS[language] ?? QUESTION_WORDS.eng ?? '').split(' ').includes(first)
}

/** Whether a sentence says that something is not so. */
export const saysNo = (sentence: string): boolean =>
  wordsOf(sentence).some((word) => ANY_NEGATION.has(word) || /n[’']t$/.test(word))
