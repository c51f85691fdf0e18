// A channel's own answer (AnswerAid.ownAnswer) written as an answer like any other, and the system prompt
// with the note on a channel's tools.
import type { OwnAnswer } from './answer-aid.ts'
import type { PromptMessage } from './chat-model.ts'
import { countPromptTokens, countTokens } from './count-tokens.ts'

/** The system prompt with what the channel's tools are for. */
export const withToolGuidance = (prompt: PromptMessage[], guidance: string): PromptMessage[] =>
  prompt.map((message, index) =>
    index === 0 && message.role === 'system' ? { ...message, content: message.content + '\n' + guidance } : message,
  )

export interface WriteOwnAnswerOptions {
  own: OwnAnswer
  question: string
  /** The plan's reservation, as for any answer; may refuse by throwing. */
  beforeAnswering?: ((prompt: PromptMessage[]) => Promise<void>) | undefined
  onToken: (text: string) => void
}

/** The channel's answer, once the plan has admitted the question alone as its prompt. */
export async function writeOwnAnswer({ own, question, beforeAnswering, onToken }: WriteOwnAnswerOptions) {
  const prompt: PromptMessage[] = [{ role: 'user', content: question }]
  await beforeAnswering?.(prompt)
  const text = await own.write()
  onToken(text)
  return {
    text,
    sources: [],
    ungrounded: null,
    messageLink: null,
    model: own.model,
    promptTokens: await countPromptTokens(prompt),
    completionTokens: await countTokens(text),
  }
}
