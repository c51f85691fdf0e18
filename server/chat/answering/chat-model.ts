/** A message of the prompt, in the chat-completions roles. */
export interface PromptMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

interface GenerationSettings {
  model: string
  temperature: number
  maxTokens: number
}

interface Generated {
  text: string
  model: string
  promptTokens: number
  completionTokens: number
}

/** Why generation stopped without an answer; each maps to its own retry advice. */
export type GenerationFailure = 'timeout' | 'rate_limited' | 'unavailable' | 'stopped'

export class GenerationError extends Error {
  readonly reason: GenerationFailure
  constructor(reason: GenerationFailure, message: string) {
    super(message)
    this.name = 'GenerationError'
    this.reason = reason
  }
}

/** A language model that streams its answer: onToken gets each piece of text as it comes. */
export interface ChatModel {
  readonly defaults: GenerationSettings
  generate(request: GenerationRequest): Promise<Generated>
}

interface GenerationRequest {
  messages: PromptMessage[]
  settings: GenerationSettings
  onToken: (text: string) => void
  signal: AbortSignal
}
