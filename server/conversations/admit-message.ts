import type { AccountStanding } from '../billing/account-standing.ts'
import type { PlanEnforcement } from '../billing/plan-enforcement.ts'
import { HISTORY_CHARACTERS } from '../chat/answering/build-prompt.ts'
import type { Agent } from '../db/generated/prisma/client.ts'

/** What bounds an answer's cost before it runs: the model's answer cap, and the retrieved passages' size. */
export interface AnswerCostBounds {
  /** The answer's token cap when the agent sets none (LLM_MAX_TOKENS). */
  maxTokens: number
  /** The most characters the retrieved passages can bring (RETRIEVAL_TOP_K passages of at most CHUNK_SIZE + CHUNK_OVERLAP). */
  passageCharacters: number
}

// The prompt's rules and framing, generously; and characters per token, low, so the bound holds for any language.
const RULES_CHARACTERS = 3_000
const CHARACTERS_PER_TOKEN = 3

/**
 * The most tokens an answer can cost, known before anything runs: the prompt at its largest (rules, the
 * owner's instructions, the history the prompt keeps, every passage, the question and its files) plus the
 * answer's cap. Reserved on the plan before the model is called, and settled with the real cost after.
 */
export function answerTokenBound(
  bounds: AnswerCostBounds,
  agent: Pick<Agent, 'instructions' | 'description' | 'llmMaxTokens'>,
  questionCharacters: number,
): number {
  const promptCharacters =
    RULES_CHARACTERS +
    (agent.instructions?.length ?? 0) +
    (agent.description?.length ?? 0) +
    HISTORY_CHARACTERS +
    bounds.passageCharacters +
    questionCharacters
  return Math.ceil(promptCharacters / CHARACTERS_PER_TOKEN) + (agent.llmMaxTokens ?? bounds.maxTokens)
}

/** A message the plan lets in: where the account stands, and the tokens its answer reserves (none when limits are not enforced). */
export interface MessageAdmission {
  standing: AccountStanding
  reserveTokens: number
}

export interface AdmitMessageOptions {
  agent: Pick<Agent, 'accountId' | 'instructions' | 'description' | 'llmMaxTokens'>
  questionCharacters: number
  read?: AccountStanding
}

/**
 * Whether the agent owner's plan lets a message in, before anything is saved or read: a live trial or
 * subscription (402 SUBSCRIPTION_INACTIVE otherwise). The message and token limits are applied when the
 * message is saved (saveUserMessage), in the same transaction.
 */
export async function admitMessage(
  answering: { plans: PlanEnforcement; answerCosts: AnswerCostBounds },
  { agent, questionCharacters, read }: AdmitMessageOptions,
): Promise<MessageAdmission> {
  const standing = read ?? (await answering.plans.standingOf(agent.accountId))
  answering.plans.requireAnswering(standing)
  return {
    standing,
    reserveTokens: standing.enforced ? answerTokenBound(answering.answerCosts, agent, questionCharacters) : 0,
  }
}
