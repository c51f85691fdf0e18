import type { Agent } from '../../db/generated/prisma/client.ts'
import type { Passage } from '../retrieval/passage.ts'
import { retrievePassages, type Retriever } from '../retrieval/retrieve-passages.ts'
import { answerOffline } from './answer-offline.ts'
import { buildPrompt } from './build-prompt.ts'
import type { ChatModel, PromptMessage } from './chat-model.ts'
import type { SourceView } from '../../conversations/conversations.schemas.ts'
import { messageLinkOf, sourcesCited } from './citations.ts'
import { countPromptTokens, countTokens } from './count-tokens.ts'
import type { AnswerAid, ToolUse } from './answer-aid.ts'
import { withToolGuidance, writeOwnAnswer } from './own-answer.ts'

export interface Answerer {
  retriever: Retriever
  /** null: no language model is configured, and the offline answerer replies from the sources. */
  chatModel: ChatModel | null
}

export interface Answer {
  text: string
  sources: SourceView[]
  messageLink: string | null
  model: string
  promptTokens: number
  completionTokens: number
  /** Products the model looked up with a channel's tools, shown as cards (on a storefront, cited products join them). */
  productGids?: string[]
  /** Why the knowledge did not ground it: no passage passed the relevance bar, or the answer cited none. */
  ungrounded: 'no_passages' | 'no_citations' | null
}

export interface Question {
  agent: Agent
  history: { role: 'user' | 'assistant'; content: string }[]
  text: string
  /** Files sent with the question: their names, and a document's text. */
  attachments?: { name: string; text: string | null }[]
  /** What the question's channel lends this answer (its own answer first, tools): the storefront's, say. */
  aid?: AnswerAid | undefined
  /** Runs with the finished prompt, before any answer is written (the plan reserves its tokens there); may refuse by throwing. */
  beforeAnswering?: (prompt: PromptMessage[]) => Promise<void>
  /** The question's passages, when their retrieval began earlier (beginRetrieval, while the message was saved). */
  passages?: Promise<Passage[]>
}

export const OFFLINE_MODEL = 'offline-extractive'

/** What an answer has cost so far, kept up to date while it is written: a failed answer still costs. */
export interface Spending {
  /** The prompt went to the model (a provider bills it even if the answer is cut). */
  modelCalled: boolean
  promptCharacters: number
  streamed: string
}

/** An answer with no passage to stand on, or that cited none of them, was not grounded in the knowledge. */
const groundingOf = (passages: number, cited: number): Answer['ungrounded'] =>
  passages === 0 ? 'no_passages' : cited === 0 ? 'no_citations' : null

export const newSpending = (): Spending => ({ modelCalled: false, promptCharacters: 0, streamed: '' })

export interface AnswerQuestionOptions {
  answerer: Answerer
  question: Question
  onToken: (text: string) => void
  signal: AbortSignal
  spending?: Spending
}

/**
 * Answers a question from the agent's knowledge: retrieves passages, then streams the language
 * model's grounded answer through onToken (or composes the offline answer), and keeps the sources
 * the answer cites.
 */
export async function answerQuestion({
  answerer,
  question,
  onToken,
  signal,
  spending = newSpending(),
}: AnswerQuestionOptions): Promise<Answer> {
  // The channel may answer this question itself (offline, a storefront shopper's order question).
  const own = question.aid?.ownAnswer?.({ text: question.text, modelled: answerer.chatModel !== null })
  if (own) return writeOwnAnswer({ own, question: question.text, beforeAnswering: question.beforeAnswering, onToken })
  const passages = await (question.passages ??
    retrievePassages({ retriever: answerer.retriever, agentId: question.agent.id, question: question.text }))
  signal.throwIfAborted()
  const built = buildPrompt({
    agentName: question.agent.name,
    agentDescription: question.agent.description,
    instructions: question.agent.instructions,
    history: question.history,
    question: question.text,
    attachments: question.attachments ?? [],
    passages,
  })
  // A model gets the channel's tools (a storefront's shopping tools); the products it looks at become cards.
  const used: ToolUse = { products: new Set<string>(), tools: [] }
  const offered = answerer.chatModel ? question.aid?.toolsFor?.({ agentId: question.agent.id, use: used }) : undefined
  const tools = offered?.tools
  const prompt = offered ? withToolGuidance(built, offered.guidance) : built
  await question.beforeAnswering?.(prompt)
  signal.throwIfAborted()
  if (!answerer.chatModel) {
    const text = answerOffline(question.text, passages)
    onToken(text)
    const sources = sourcesCited(text, passages)
    return {
      text,
      sources,
      ungrounded: groundingOf(passages.length, sources.length),
      messageLink: messageLinkOf(sources),
      model: OFFLINE_MODEL,
      promptTokens: await countPromptTokens(prompt),
      completionTokens: await countTokens(text),
    }
  }
  const defaults = answerer.chatModel.defaults
  spending.modelCalled = true
  spending.promptCharacters = prompt.reduce((sum, message) => sum + message.content.length, 0)
  const generated = await answerer.chatModel.generate({
    messages: prompt,
    settings: {
      model: question.agent.llmModel ?? defaults.model,
      temperature: question.agent.llmTemperature ?? defaults.temperature,
      maxTokens: question.agent.llmMaxTokens ?? defaults.maxTokens,
    },
    onToken: (piece) => {
      spending.streamed += piece
      onToken(piece)
    },
    signal,
    ...(tools ? { tools } : {}),
  })
  const sources = sourcesCited(generated.text, passages)
  return {
    text: generated.text,
    sources,
    // An answer from a channel's tools stands on the channel's data (the store's), not on the knowledge's passages.
    ungrounded: used.tools.length > 0 ? null : groundingOf(passages.length, sources.length),
    messageLink: messageLinkOf(sources),
    model: generated.model,
    promptTokens: generated.promptTokens,
    completionTokens: generated.completionTokens,
    productGids: [...used.products],
  }
}
