import type { Message } from '../db/generated/prisma/client.ts'
import type { AbandonmentRules } from './answer-attempt.ts'
import type { AnswerFailure } from './fail-answer.ts'
import { droppedAttemptOf } from './is-answer-abandoned.ts'

/**
 * How an abandoned answer is failed: interrupted, with what it last saved and its prompt's cost; one this
 * process dropped (it could not mark it failed then) with what it knew, the whole answer included.
 */
export function abandonedAnswerFailure(answering: AbandonmentRules, message: Message): AnswerFailure {
  return (
    droppedAttemptOf(answering, message)?.failure ?? {
      reason: 'interrupted',
      written: message.partialAnswer ?? '',
      promptTokens: message.answerPromptTokens ?? 0,
    }
  )
}
