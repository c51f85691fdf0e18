import OpenAI from 'openai'
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import type { Config } from '../../config/config.schemas.ts'
import { countTokens, countPromptTokens } from './count-tokens.ts'
import { GenerationError, type ChatModel, type ChatTools } from './chat-model.ts'

/** Rounds of tool calls before the model must answer in words, and the calls one round may make. */
const TOOL_ROUNDS = 3
const CALLS_PER_ROUND = 5

function failureOf(error: unknown, timedOut: boolean, stopped: boolean): GenerationError {
  if (stopped) return new GenerationError('stopped', 'The answer was stopped.')
  if (timedOut) return new GenerationError('timeout', 'The language model did not answer in time.')
  if (error instanceof OpenAI.APIError && error.status === 429)
    return new GenerationError('rate_limited', 'The language model is busy (rate limited).')
  const status = error instanceof OpenAI.APIError && error.status ? ` (status ${error.status})` : ''
  return new GenerationError('unavailable', `The language model could not be reached${status}.`)
}

interface ToolCall {
  id: string
  name: string
  arguments: string
}

/** One tool call's result for the model: what the tool answered, or why it could not. */
/** A 400 about tools: the server runs the model without tool calling. */
const refusesTools = (error: unknown) => error instanceof OpenAI.BadRequestError && /tool/i.test(error.message)

async function runTool(tools: ChatTools, call: ToolCall): Promise<string> {
  try {
    return await tools.run(call.name, call.arguments)
  } catch {
    // Never the error's own words (a database's or the Admin API's): the model might repeat them.
    return JSON.stringify({ error: 'The tool failed.' })
  }
}

/**
 * Chat completions through the openai SDK from any OpenAI-compatible endpoint, streamed, or null when
 * none is configured (the offline answerer answers then). The SDK retries 429 and 5xx before the
 * stream starts, honouring Retry-After; LLM_TIMEOUT_MS bounds the whole answer, retries and tool rounds
 * included. Given tools, the model may call them (streamed tool_calls, run here, their results sent
 * back) for up to three rounds; the last round must answer in words.
 */
export function createChatModel(config: Config): ChatModel | null {
  if (!config.LLM_BASE_URL && !config.LLM_API_KEY) return null
  const client = new OpenAI({
    baseURL: config.LLM_BASE_URL ?? 'https://api.openai.com/v1',
    apiKey: config.LLM_API_KEY ?? 'not-needed',
    maxRetries: 2,
  })
  // A model served without tool calling refuses a request that offers tools (400): from then on this
  // process offers none, and the storefront assistant answers from its passages alone.
  let toolsRefused = false
  return {
    defaults: { model: config.LLM_MODEL, temperature: config.LLM_TEMPERATURE, maxTokens: config.LLM_MAX_TOKENS },
    async generate({ messages, settings, onToken, signal, tools }) {
      const deadline = AbortSignal.timeout(config.LLM_TIMEOUT_MS)
      const combined = AbortSignal.any([signal, deadline])
      const conversation: ChatCompletionMessageParam[] = [...messages]
      let text = ''
      let promptTokens = 0
      let completionTokens = 0
      let reported = true
      let model = settings.model
      try {
        for (let round = 0; ; round += 1) {
          const offerTools = !toolsRefused && tools && tools.definitions.length > 0
          const stream = await client.chat.completions
            .create(
              {
                model: settings.model,
                messages: conversation,
                temperature: settings.temperature,
                max_tokens: settings.maxTokens,
                stream: true,
                stream_options: { include_usage: true },
                ...(offerTools
                  ? {
                      tools: tools.definitions.map((definition) => ({
                        type: 'function' as const,
                        function: definition,
                      })),
                      tool_choice: round < TOOL_ROUNDS ? ('auto' as const) : ('none' as const),
                    }
                  : {}),
              },
              { signal: combined, timeout: config.LLM_TIMEOUT_MS },
            )
            .catch((error: unknown) => {
              if (offerTools && refusesTools(error)) return null
              throw error
            })
          if (!stream) {
            toolsRefused = true
            round -= 1 // the same round again, without tools
            continue
          }
          const calls = new Map<number, ToolCall>()
          let roundText = ''
          let usage: { prompt_tokens: number; completion_tokens: number } | undefined
          for await (const chunk of stream) {
            if (chunk.model) model = chunk.model
            if (chunk.usage) usage = chunk.usage
            const delta = chunk.choices[0]?.delta
            if (delta?.content) {
              roundText += delta.content
              text += delta.content
              onToken(delta.content)
            }
            for (const call of delta?.tool_calls ?? []) {
              const entry = calls.get(call.index) ?? { id: '', name: '', arguments: '' }
              if (call.id) entry.id = call.id
              if (call.function?.name) entry.name += call.function.name
              if (call.function?.arguments) entry.arguments += call.function.arguments
              calls.set(call.index, entry)
            }
          }
          // An aborted stream may end quietly instead of throwing: a cut answer is still a failure.
          combined.throwIfAborted()
          if (usage) {
            promptTokens += usage.prompt_tokens
            completionTokens += usage.completion_tokens
          } else reported = false
          if (!offerTools || calls.size === 0 || round >= TOOL_ROUNDS) break
          const made = [...calls.values()]
          conversation.push({
            role: 'assistant',
            content: roundText || null,
            tool_calls: made.map((call) => ({
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: call.arguments },
            })),
          })
          for (const [index, call] of made.entries())
            conversation.push({
              role: 'tool',
              tool_call_id: call.id,
              content:
                index < CALLS_PER_ROUND
                  ? await runTool(tools, call)
                  : JSON.stringify({ error: `At most ${CALLS_PER_ROUND} tool calls at a time.` }),
            })
        }
      } catch (error) {
        throw failureOf(error, deadline.aborted, signal.aborted)
      }
      if (!text.trim()) throw new GenerationError('unavailable', 'The language model answered nothing.')
      // Some compatible servers send no usage when streaming: count with the tokenizer then.
      return {
        text,
        model,
        promptTokens: reported ? promptTokens : await countPromptTokens(messages),
        completionTokens: reported ? completionTokens : await countTokens(text),
      }
    },
  }
}
