// Short texts defeat trigram statistics ("How do I return a product?" reads as Portuguese to them,
// "Our store opens at nine." as French); their function words rarely lie. ISO 639-3 codes, as franc.
const FUNCTION_WORDS: Record<string, string[]> = {
  eng: ['the', 'is', 'are', 'do', 'does', 'how', 'what', 'when', 'where', 'can', 'i', 'my', 'you', 'your', 'our', 'we', 'to', 'of', 'a', 'and', 'for', 'with', 'have', 'this', 'that', 'will', 'it', 'at'],
  fra: ['le', 'la', 'les', 'un', 'une', 'des', 'est', 'pour', 'comment', 'quel', 'quelle', 'je', 'mon', 'vous', 'nous', 'de', 'et', 'avec', 'combien', 'pourquoi', 'dans', 'sur'],
  deu: ['der', 'die', 'das', 'ist', 'und', 'wie', 'was', 'ich', 'mein', 'sie', 'wir', 'zu', 'mit', 'für', 'ein', 'eine', 'kann', 'wann', 'wo', 'nicht', 'von'],
  spa: ['el', 'la', 'los', 'las', 'es', 'que', 'cómo', 'como', 'qué', 'puedo', 'mi', 'un', 'una', 'para', 'con', 'y', 'cuántos', 'cuando', 'del', 'por'],
  por: ['o', 'a', 'os', 'as', 'é', 'que', 'como', 'posso', 'meu', 'minha', 'um', 'uma', 'para', 'com', 'e', 'quantos', 'quando', 'não', 'do', 'da'],
  ita: ['il', 'lo', 'la', 'gli', 'è', 'che', 'come', 'posso', 'mio', 'un', 'una', 'per', 'con', 'e', 'quanti', 'quando', 'non', 'di', 'del'],
  nld: ['de', 'het', 'een', 'is', 'hoe', 'wat', 'ik', 'mijn', 'kan', 'voor', 'met', 'en', 'van', 'wanneer', 'hoeveel', 'niet', 'wij'],
}

/** The language whose function words the text uses most, when one clearly leads; null otherwise. */
export function languageByFunctionWords(text: string): string | null {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? []
  const scores = Object.entries(FUNCTION_WORDS).map(([language, list]) => [language, words.filter((word) => list.includes(word)).length] as const)
  scores.sort((a, b) => b[1] - a[1])
  const [first, second] = scores
  return first && first[1] > 0 && first[1] > (second?.[1] ?? 0) ? first[0] : null
}
