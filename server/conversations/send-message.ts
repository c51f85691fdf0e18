import type { Actor } from '../accounts/actor.ts'
import { answerQuestion, newSpending, type Answer, type Answerer, type Spending } from '../chat/answering/answer-question.ts'
import { GenerationError } from '../chat/answering/chat-model.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import type { Logger } from '../logging/create-logger.ts'
import { estimatedPromptTokens, type AnsweringProcess } from './answer-attempt.ts'
import { conversationHistory } from './conversation-history.ts'
import { CONVERSATION_MESSAGES } from './conversations.schemas.ts'
import { failAnswer } from './fail-answer.ts'
import { meterFailedAnswer } from './meter-failed-answer.ts'
import { toMessageView, type MessageView } from './message-view.ts'
import { recordAnswerProgress } from './record-answer-progress.ts'
import { requireConversation, requireOwnDashboardConversation } from './require-conversation.ts'
import { saveAnswer } from './save-answer.ts'
import { saveUserMessage } from './save-user-message.ts'

export interface ChatServices extends Answerer, AnsweringProcess {
  logger: Logger
}

export interface ChatEvents {
  onUserMessage?(message: MessageView): void
  onToken?(text: string): void
}

const RETRY_ADVICE: Record<string, string> = {
  timeout: 'The language model did not answer in time.',
  rate_limited: 'The language model is busy right now.',
  unavailable: 'The language model could not be reached.',
  interrupted: 'The answer was interrupted.',
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
  const userMessage = await saveUserMessage(services, { accountId: agent.accountId, conversation, text })
  events.onUserMessage?.(toMessageView(userMessage))
  return answerUserMessage(services, agent, userMessage, events, signal)
}

/**
 * A cut answer was still billed by the provider for its prompt; a call refused before any answer (429,
 * 5xx) costs nothing.
 */
function billedPromptTokens(spending: Spending, reason: string): number {
  const wasCut = spending.streamed !== '' || reason === 'timeout' || reason === 'stopped' || reason === 'interrupted'
  return wasCut ? estimatedPromptTokens(spending) : 0
}

// A retried message's files by name only: their text was read when they arrived.
const attachedNames = (message: Message): { name: string; text: string | null }[] =>
  (Array.isArray(message.attachments) ? message.attachments : []).map((attachment) => ({ name: String((attachment as { name?: string }).name ?? 'file'), text: null }))

/**
 * Answers a user message this process has taken up, keeping the answer on it as it streams
 * (recordAnswerProgress), and stores the answer; if it fails (or the client goes away), marks it failed
 * with what was written and meters that.
 */
export async function answerUserMessage(services: ChatServices, agent: Parameters<typeof answerQuestion>[1]['agent'], userMessage: Message, events: ChatEvents, signal: AbortSignal, attachments = attachedNames(userMessage)) {
  let answer: Answer
  const spending = newSpending()
  const takenOver = new AbortController()
  const progress = recordAnswerProgress({ database: services.database, logger: services.logger, attempt: userMessage, takenOver })
  try {
    const history = await conversationHistory(services.database, userMessage.conversationId, userMessage.createdAt)
    const onToken = (piece: string) => {
      events.onToken?.(piece)
      progress.update(spending)
    }
    answer = await answerQuestion(services, { agent, history, text: userMessage.text, attachments }, onToken, AbortSignal.any([signal, takenOver.signal]), spending)
  } catch (error) {
    await progress.settled()
    const reason = takenOver.signal.aborted ? 'interrupted' : error instanceof GenerationError ? error.reason : signal.aborted ? 'stopped' : 'failed'
    if (!(error instanceof GenerationError) && reason !== 'interrupted') services.logger.error({ err: error, conversationId: userMessage.conversationId }, 'answering failed')
    const failed = await failAnswer(services.database, userMessage, { reason, written: spending.streamed, promptTokens: billedPromptTokens(spending, reason) })
    if (failed) await meterFailedAnswer(services.database, failed)
    throw failure(reason, failed?.message ?? (await services.database.prisma.message.findUniqueOrThrow({ where: { id: userMessage.id } })))
  }
  await progress.settled()
  const aiMessage = await saveAnswer(services.database, agent.accountId, userMessage, answer)
  if (!aiMessage) throw failure('interrupted', await services.database.prisma.message.findUniqueOrThrow({ where: { id: userMessage.id } }))
  return { conversation_id: userMessage.conversationId, user_message: toMessageView(userMessage), ai_message: toMessageView(aiMessage) }
}
