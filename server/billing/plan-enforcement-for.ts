import { answerTokenBound } from '../conversations/admit-message.ts'
import type { Config } from '../config/config.schemas.ts'
import type { Database } from '../db/database.ts'
import { billingModeOf } from './billing-mode.ts'
import { createPlanEnforcement } from './plan-enforcement.ts'

// What a usual question asks of the plan, for warning that too few tokens are left for one (notifications).
const TYPICAL_QUESTION_CHARACTERS = 1_000

/** What an answer may cost at most, from the settings: its own tokens and the passages it reads. */
export function answerCostsOf(config: Config) {
  return {
    maxTokens: config.LLM_MAX_TOKENS,
    passageCharacters: config.RETRIEVAL_TOP_K * (config.CHUNK_SIZE + config.CHUNK_OVERLAP),
  }
}

/** The plans' limits as this deployment applies them (BILLING_MODE), on `clock` (tests move it). */
export function planEnforcementFor({
  config,
  database,
  clock,
}: {
  config: Config
  database: Database
  clock?: () => Date
}) {
  return createPlanEnforcement({
    database,
    mode: billingModeOf(config),
    now: clock,
    answerReserve: answerTokenBound(
      answerCostsOf(config),
      { instructions: null, description: null, llmMaxTokens: null },
      TYPICAL_QUESTION_CHARACTERS,
    ),
  })
}
