import type { Actor } from '../accounts/actor.ts'
import { answerQuestion, newSpending, type Answer, type Answerer, type Spending } from '../chat/answering/answer-question.ts'
import { recordUsage } from '../usage/record-usage.ts'
import { GenerationError } from '../chat/answering/chat-model.ts'
import type { Database } from '../db/database.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import type { Logger } from '../logging/create-logger.ts'
import { conversationHistory } from './conversation-history.ts'
import { CONVERSATION_MESSAGES } from './conversations.schemas.ts'
import { toMessageView, type MessageView } from './message-view.ts'
import { requireConversation, requireOwnDashboardConversation } from './require-conversation.ts'
import { saveAnswer } from './save-answer.ts'
import { saveUserMessage } from './save-user-message.ts'

export interface ChatServices extends Answerer {
  database: Database
  logger: Logger
  /** How long an answer may take (the LLM timeout): a message older than this no longer blocks. */
  answerWindowMs: number
}

export interface ChatEvents {
  onUserMessage?(message: MessageView): void
  onToken?(text: string): void
  /** Tokens the answer cost, whether it succeeded or not (a widget counts them against its budget). */
  onSpent?(tokens: number): Promise<void>
}

const RETRY_ADVICE: Record<string, string> = {
  timeout: 'The language model did not answer in time.',
  rate_limited: 'The language model is busy right now.',
  unavailable: 'The language model could not be reached.',
  failed: 'The answer could not be produced.',
}

function failure(reason: string, userMessage: Message): AppError {
  return new AppError(reason === 'rate_limited' ? 'SERVICE_UNAVAILABLE' : 'UPSTREAM_FAILED', CONVERSATION_MESSAGES.sendFailed, {
    reason,
    reason_text: `${RETRY_ADVICE[reason] ?? RETRY_ADVICE.failed} Your message is saved: send it again to retry.`,
    user_message: toMessageView(userMessage),
    ...(reason === 'rate_limited' ? { retry_after: 10 } : {}),
  })
}

/**
 * Sends a message in a dashboard conversation and answers it. The user message is saved first; if the
 * answer fails, the failure is recorded on it and the SPEC's error answered, and sending the same text
 * again (or the retry call) answers it then. Nothing said is lost.
 */
export async function sendMessage(services: ChatServices, actor: Actor, agentId: string | null, conversationId: string, text: string, events: ChatEvents, signal: AbortSignal) {
  const { agent, conversation } = await requireConversation(services.database, actor, agentId, conversationId, 'chat')
  requireOwnDashboardConversation(actor, conversation)
  if (!agent.isActive) throw new AppError('CONFLICT', 'This agent is inactive. Activate it to chat with it.')
  if (!conversation.isActive) throw new AppError('CONFLICT', 'This conversation is closed. Reopen it (is_active true) or start a new one.')
  const userMessage = await saveUserMessage(services.database, agent.accountId, conversation, text, services.answerWindowMs)
  events.onUserMessage?.(toMessageView(userMessage))
  return answerUserMessage(services, agent, userMessage, events, signal)
}

/**
 * A cut or timed-out answer was still billed by the provider: its prompt and what was written count,
 * estimated at four characters a token. A call refused before any answer (429, 5xx) costs nothing.
 */
async function meterFailedAnswer(services: ChatServices, accountId: string, spending: Spending, reason: string, events: ChatEvents) {
  if (!spending.modelCalled || (!spending.streamed && reason !== 'timeout' && reason !== 'stopped')) return
  const tokens = Math.ceil((spending.promptCharacters + spending.streamed.length) / 4)
  await recordUsage(services.database, accountId, { tokens })
  await events.onSpent?.(tokens)
}

// A retried message's files by name only: their text was read when they arrived.
const attachedNames = (message: Message): { name: string; text: string | null }[] =>
  (Array.isArray(message.attachments) ? message.attachments : []).map((attachment) => ({ name: String((attachment as { name?: string }).name ?? 'file'), text: null }))

/** Answers a saved user message and stores the answer; records the failure on the message if it fails. */
export async function answerUserMessage(services: ChatServices, agent: Parameters<typeof answerQuestion>[1]['agent'], userMessage: Message, events: ChatEvents, signal: AbortSignal, attachments = attachedNames(userMessage)) {
  let answer: Answer
  const spending = newSpending()
  try {
    const history = await conversationHistory(services.database, userMessage.conversationId, userMessage.createdAt)
    answer = await answerQuestion(services, { agent, history, text: userMessage.text, attachments }, (piece) => events.onToken?.(piece), signal, spending)
  } catch (error) {
    const reason = error instanceof GenerationError ? error.reason : signal.aborted ? 'stopped' : 'failed'
    if (!(error instanceof GenerationError)) services.logger.error({ err: error, conversationId: userMessage.conversationId }, 'answering failed')
    const failed = await services.database.prisma.message.update({ where: { id: userMessage.id }, data: { answerError: reason } })
    await meterFailedAnswer(services, agent.accountId, spending, reason, events)
    throw failure(reason, failed)
  }
  const aiMessage = await saveAnswer(services.database, agent.accountId, userMessage, answer)
  await events.onSpent?.(answer.promptTokens + answer.completionTokens)
  return { conversation_id: userMessage.conversationId, user_message: toMessageView(userMessage), ai_message: toMessageView(aiMessage) }
}
