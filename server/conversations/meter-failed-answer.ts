import { countTokens } from '../chat/answering/count-tokens.ts'
import type { AnsweringProcess } from './answer-attempt.ts'
import { channelOf } from './channel.ts'
import type { FailedAnswer } from './fail-answer.ts'
import { meterAnswerTokens } from './meter-answer-tokens.ts'

/**
 * A cut answer was still billed by the provider: its prompt, and what was written, counted by the
 * tokenizer (loaded only now: a failure is rare) unless the provider said. Called once per failure, by
 * whoever failed it, once that is committed: an error is logged, not thrown, for the failure stands and
 * the caller's work (a new message, a retry, an edit) must go on.
 */
export async function meterFailedAnswer(
  { database, logger, channels }: Pick<AnsweringProcess, 'database' | 'logger' | 'channels'>,
  failed: FailedAnswer,
): Promise<void> {
  try {
    const tokens =
      failed.promptTokens + (failed.completionTokens ?? (failed.written ? await countTokens(failed.written) : 0))
    if (tokens === 0 && !failed.reserved) return
    const conversation = await database.prisma.conversation.findUniqueOrThrow({
      where: { id: failed.message.conversationId },
      select: { accountId: true, channel: true, widgetIntegrationId: true },
    })
    const budget = channelOf(channels, conversation.channel).budget?.counterOf(conversation, new Date()) ?? null
    await meterAnswerTokens(database, { conversation, tokens, reserved: failed.reserved, budget })
  } catch (error) {
    logger.error({ err: error, messageId: failed.message.id }, 'could not meter a failed answer')
  }
}
