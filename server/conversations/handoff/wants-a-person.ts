// Words of a visitor asking for a human rather than the agent, in the languages the widget meets most.
const ASKS_FOR_A_PERSON = [
  /\b(talk|speak|chat)(ing)?\b.{0,30}\b(human|person|someone|somebody|agent|representative|operator|staff|support team)\b/i,
  /\b(real|live|actual)\s+(human|person|agent|people)\b/i,
  /^\s*(human|agent|operator|representative)(\s+please)?[\s.!?]*$/i,
  /\b(mit einem menschen|mitarbeiter sprechen)\b/i,
  /\b(parler|discuter)\b.{0,20}\b(humain|personne|conseiller|agent)\b/i,
  /\b(hablar)\b.{0,20}\b(humano|persona|agente)\b/i,
  /(التحدث|أتحدث|اكلم|أكلم).{0,20}(شخص|موظف|إنسان|انسان)/,
]

/** Whether the visitor's message asks to be put through to a person. */
export function wantsAPerson(text: string): boolean {
  return text.length <= 300 && ASKS_FOR_A_PERSON.some((pattern) => pattern.test(text))
}
