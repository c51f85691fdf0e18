import { countPromptTokens } from '../chat/answering/count-tokens.ts'
import type { PromptMessage } from '../chat/answering/chat-model.ts'
import type { Agent, Message } from '../db/generated/prisma/client.ts'
import { attemptWhere, reservationOf, type ChargingProcess } from './answer-attempt.ts'

// Other models' tokenizers count somewhat differently from o200k: a tenth more covers them.
const TOKENIZER_MARGIN = 1.1

/** The answer's exact upper bound once its prompt exists: the prompt by the tokenizer, with the margin, plus the answer's cap. */
async function promptTokenBound(prompt: PromptMessage[], maxTokens: number): Promise<number> {
  return Math.ceil((await countPromptTokens(prompt)) * TOKENIZER_MARGIN) + maxTokens
}

export interface ReservePromptTokensOptions {
  agent: Pick<Agent, 'accountId' | 'llmMaxTokens'>
  attempt: Message
  prompt: PromptMessage[]
}

/**
 * Just before the model runs, when the admission's estimate (admitMessage) fell short of the real prompt
 * (a long history in Chinese, a file full of escaped characters): reserves the rest on the plan, refused
 * (402) when it does not fit, so no answer can pass the token limit. Returns the attempt with what it
 * now holds; unchanged where limits are not enforced (nothing was reserved) or the estimate was enough.
 */
export async function reservePromptTokens(
  answering: ChargingProcess,
  { agent, attempt, prompt }: ReservePromptTokensOptions,
): Promise<Message> {
  const reserved = reservationOf(attempt)
  if (!reserved) return attempt
  const needed = await promptTokenBound(prompt, agent.llmMaxTokens ?? answering.answerCosts.maxTokens)
  if (needed <= reserved.tokens) return attempt
  const standing = await answering.plans.standingOf(agent.accountId)
  return answering.database.prisma.$transaction(async (tx) => {
    await answering.plans.consume(tx, {
      standing: { ...standing, period: { start: reserved.periodStart, end: standing.period.end } },
      metric: 'tokens',
      amount: needed - reserved.tokens,
    })
    const { count } = await tx.message.updateMany({
      where: attemptWhere(attempt),
      data: { answerReservedTokens: needed },
    })
    // Taken over meanwhile (found abandoned): keep nothing; the answer stops at its next write.
    if (count === 0) throw new Error('the answer attempt was taken over before its tokens were reserved')
    return { ...attempt, answerReservedTokens: needed }
  })
}
