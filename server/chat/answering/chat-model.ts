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

/** Functions the model may call (the OpenAI-compatible tools API): what each does, and how to run one. */
export interface ChatTools {
  definitions: { name: string; description: string; parameters: Record<string, unknown> }[]
  /** Runs one call the model made (its arguments as the JSON text it wrote); answers what the model reads. */
  run(name: string, argumentsJson: string): Promise<string>
}

interface GenerationRequest {
  messages: PromptMessage[]
  settings: GenerationSettings
  onToken: (text: string) => void
  signal: AbortSignal
  /** Tools the model may call before it answers (at most a few rounds); none by default. */
  tools?: ChatTools
}
