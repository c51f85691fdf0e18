import { countTokens } from '../chat/answering/count-tokens.ts'
import type { Database } from '../db/database.ts'
import type { FailedAnswer } from './fail-answer.ts'
import { meterAnswerTokens } from './meter-answer-tokens.ts'

/**
 * A cut answer was still billed by the provider: its prompt, and what was written, counted by the
 * tokenizer (loaded only now: a failure is rare). Called once per failure, by whoever failed it.
 */
export async function meterFailedAnswer(database: Database, failed: FailedAnswer): Promise<void> {
  const tokens = failed.promptTokens + (failed.written ? await countTokens(failed.written) : 0)
  if (tokens === 0) return
  const conversation = await database.prisma.conversation.findUniqueOrThrow({ where: { id: failed.message.conversationId }, select: { accountId: true, widgetIntegrationId: true } })
  await meterAnswerTokens(database, conversation, tokens)
}
