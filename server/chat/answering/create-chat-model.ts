import OpenAI from 'openai'
import type { Config } from '../../config/config.schemas.ts'
import { countTokens, countPromptTokens } from './count-tokens.ts'
import { GenerationError, type ChatModel } from './chat-model.ts'

function failureOf(error: unknown, timedOut: boolean, stopped: boolean): GenerationError {
  if (stopped) return new GenerationError('stopped', 'The answer was stopped.')
  if (timedOut) return new GenerationError('timeout', 'The language model did not answer in time.')
  if (error instanceof OpenAI.APIError && error.status === 429)
    return new GenerationError('rate_limited', 'The language model is busy (rate limited).')
  const status = error instanceof OpenAI.APIError && error.status ? ` (status ${error.status})` : ''
  return new GenerationError('unavailable', `The language model could not be reached${status}.`)
}

/**
 * Chat completions through the openai SDK from any OpenAI-compatible endpoint, streamed, or null when
 * none is configured (the offline answerer answers then). The SDK retries 429 and 5xx before the
 * stream starts, honouring Retry-After; LLM_TIMEOUT_MS bounds the whole answer, retries included.
 */
export function createChatModel(config: Config): ChatModel | null {
  if (!config.LLM_BASE_URL && !config.LLM_API_KEY) return null
  const client = new OpenAI({
    baseURL: config.LLM_BASE_URL ?? 'https://api.openai.com/v1',
    apiKey: config.LLM_API_KEY ?? 'not-needed',
    maxRetries: 2,
  })
  return {
    defaults: { model: config.LLM_MODEL, temperature: config.LLM_TEMPERATURE, maxTokens: config.LLM_MAX_TOKENS },
    async generate({ messages, settings, onToken, signal }) {
      const deadline = AbortSignal.timeout(config.LLM_TIMEOUT_MS)
      const combined = AbortSignal.any([signal, deadline])
      let text = ''
      let usage: { prompt_tokens: number; completion_tokens: number } | undefined
      let model = settings.model
      try {
        const stream = await client.chat.completions.create(
          {
            model: settings.model,
            messages,
            temperature: settings.temperature,
            max_tokens: settings.maxTokens,
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal: combined, timeout: config.LLM_TIMEOUT_MS },
        )
        for await (const chunk of stream) {
          if (chunk.model) model = chunk.model
          if (chunk.usage) usage = chunk.usage
          const piece = chunk.choices[0]?.delta?.content
          if (piece) {
            text += piece
            onToken(piece)
          }
        }
        // An aborted stream may end quietly instead of throwing: a cut answer is still a failure.
        combined.throwIfAborted()
      } catch (error) {
        throw failureOf(error, deadline.aborted, signal.aborted)
      }
      if (!text.trim()) throw new GenerationError('unavailable', 'The language model answered nothing.')
      // Some compatible servers send no usage when streaming: count with the tokenizer then.
      return {
        text,
        model,
        promptTokens: usage?.prompt_tokens ?? (await countPromptTokens(messages)),
        completionTokens: usage?.completion_tokens ?? (await countTokens(text)),
      }
    },
  }
}
