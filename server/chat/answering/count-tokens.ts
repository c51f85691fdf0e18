import type { PromptMessage } from './chat-model.ts'

interface Tokenizer {
  countTokens(text: string): number
}

let tokenizer: Promise<Tokenizer> | undefined

// Loaded on first use: the encoding tables take about 100 ms and 70 MB, which a server whose model
// reports its own usage never needs.
function loadTokenizer(): Promise<Tokenizer> {
  tokenizer ??= import('gpt-tokenizer/encoding/o200k_base')
  return tokenizer
}

/** Tokens in a text, by the o200k_base encoding (the GPT-4o family's): usage when no provider counts. */
export async function countTokens(text: string): Promise<number> {
  return (await loadTokenizer()).countTokens(text)
}

/** Tokens of a chat prompt: each message's text plus the few tokens chat formatting adds per message. */
export async function countPromptTokens(messages: PromptMessage[]): Promise<number> {
  const { countTokens: count } = await loadTokenizer()
  return messages.reduce((sum, message) => sum + count(message.content) + 4, 3)
}
