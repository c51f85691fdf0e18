// What a channel lends the answering core for one answer, beside the agent's knowledge: an answer of its own
// taken before the knowledge's (pre-answer routing), and tools the model may call. The core defines the
// shape; a channel (server/shopify/, server/widgets/, ...) fills it in, and the composition root hands it over.
import type { ChatTools } from './chat-model.ts'

/** An answer the channel writes itself, taken instead of the knowledge's (the storefront lists a shopper's orders). */
export interface OwnAnswer {
  /** The model named on the answer (not a language model's: 'store-orders', say). */
  model: string
  /** Writes it; runs once the plan has admitted the question (beforeAnswering). */
  write(): Promise<string>
}

/** What the model did with the channel's tools during one answer. */
export interface ToolUse {
  /** Products the model looked at: shown as cards under the answer. */
  products: Set<string>
  /** The tools it called, in order: an answer from them stands on the channel's data, not the knowledge. */
  tools: string[]
}

/** The tools one answer's model may call, and the system prompt's note on what they are for. */
interface AnswerTools {
  tools: ChatTools
  guidance: string
}

export interface AnswerAid {
  /**
   * The channel's own answer to this question, or null to let the knowledge answer. `modelled` says whether
   * a language model answers on this server (the storefront routes order questions only without one: a
   * model calls get_my_orders itself).
   */
  ownAnswer?(question: { text: string; modelled: boolean }): OwnAnswer | null
  /** The tools for a model's answer by this agent; `use` collects what it does with them. */
  toolsFor?(options: { agentId: string; use: ToolUse }): AnswerTools
}
