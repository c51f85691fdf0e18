import type { Actor } from '../accounts/actor.ts'
import {
  answerQuestion,
  newSpending,
  type Answer,
  type Answerer,
  type Question,
  type Spending,
} from '../chat/answering/answer-question.ts'
import { GenerationError, type PromptMessage } from '../chat/answering/chat-model.ts'
import type { Passage } from '../chat/retrieval/passage.ts'
import { beginRetrieval } from '../chat/retrieval/retrieve-passages.ts'
import { isPlanRefusal, PlanRefusal } from '../billing/plan-refusals.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { admitMessage } from './admit-message.ts'
import type { Channel, ChatEvents } from './channel.ts'
import { estimatedPromptTokens, PERSON_JOINED, type ChargingProcess } from './answer-attempt.ts'
import { conversationHistory } from './conversation-history.ts'
import { CONVERSATION_MESSAGES } from './conversations.schemas.ts'
import { failAnswer, type AnswerFailure, type FailedAnswer } from './fail-answer.ts'
import { keepWrittenForTeam } from './handoff/keep-written-for-team.ts'
import { meterFailedAnswer } from './meter-failed-answer.ts'
import type { MessageView } from './conversations.schemas.ts'
import { toMessageView } from './message-view.ts'
import { recordAnswerProgress } from './record-answer-progress.ts'
import { reservePromptTokens } from './reserve-prompt-tokens.ts'
import { requireConversationToChatIn } from './require-conversation.ts'
import { saveAnswer, type SaveAnswerOptions } from './save-answer.ts'
import { saveUserMessage } from './save-user-message.ts'

/**
 * Retrieval and the model, and the process that takes messages up for answering (its logger and registered
 * channels included): the one bag the answering path passes on, named `answering` wherever it goes.
 */
export type AnsweringServices = Answerer & ChargingProcess

const RETRY_ADVICE: Record<string, string> = {
  plan_limit: 'The plan has no tokens left for this answer.',
  timeout: 'The language model did not answer in time.',
  rate_limited: 'The language model is busy right now.',
  unavailable: 'The language model could not be reached.',
  interrupted: 'The answer was interrupted.',
  [PERSON_JOINED]: 'A team member joined the chat: the answer was not sent.',
  failed: 'The answer could not be produced.',
}

function failureError(reason: string, userMessage: Message): AppError {
  return new AppError(
    reason === 'rate_limited' ? 'SERVICE_UNAVAILABLE' : 'UPSTREAM_FAILED',
    CONVERSATION_MESSAGES.sendFailed,
    {
      reason,
      reason_text: `${RETRY_ADVICE[reason] ?? RETRY_ADVICE.failed} Your message is saved: send it again to retry.`,
      user_message: toMessageView(userMessage),
      ...(reason === 'rate_limited' ? { retry_after: 10 } : {}),
    },
  )
}

export interface SendMessageOptions {
  actor: Actor
  agentId: string | null
  conversationId: string
  text: string
  events: ChatEvents
  signal: AbortSignal
}

/**
 * Sends a message in a dashboard conversation and answers it. The user message is saved first; if the
 * answer fails, the failure is recorded on it and the SPEC's error answered, and sending the same text
 * again (or the retry call) answers it then. Nothing said is lost.
 */
export async function sendMessage(
  answering: AnsweringServices,
  { actor, agentId, conversationId, text, events, signal }: SendMessageOptions,
) {
  const { agent, conversation } = await requireConversationToChatIn(answering.database, {
    actor,
    agentId,
    conversationId,
  })
  const admission = await admitMessage(answering, { agent, questionCharacters: text.length })
  // Admitted: retrieval (an embeddings call, maybe) runs while the message is saved.
  const passages = beginRetrieval({ retriever: answering.retriever, agentId: agent.id, question: text })
  const userMessage = await saveUserMessage(answering, { accountId: agent.accountId, conversation, text, admission })
  return answerUserMessage(answering, { agent, userMessage, events, signal, conversation, passages })
}

/**
 * A cut answer was still billed by the provider for its prompt; a call refused before any answer (429,
 * 5xx) costs nothing.
 */
function billedPromptTokens(spending: Spending, reason: string): number {
  const wasCut = spending.streamed !== '' || ['timeout', 'stopped', 'interrupted', PERSON_JOINED].includes(reason)
  return wasCut ? estimatedPromptTokens(spending) : 0
}

// A retried message's files by name only: their text was read when they arrived.
const attachedNames = (message: Message): { name: string; text: string | null }[] =>
  (Array.isArray(message.attachments) ? message.attachments : []).map((attachment) => ({
    name: String((attachment as { name?: string }).name ?? 'file'),
    text: null,
  }))

export interface AnswerUserMessageOptions {
  agent: Question['agent']
  userMessage: Message
  events: ChatEvents
  signal: AbortSignal
  /** The files as the answer reads them (a document's text); by default their names. */
  attachments?: { name: string; text: string | null }[]
  /** The channel the door bound to the person asking (a storefront's, to its shopper): its aid, records and delivery. */
  channel?: Channel | null
  /** The message's conversation, when the caller has it (else saving the answer reads it). */
  conversation?: SaveAnswerOptions['conversation']
  /** The question's passages, when their retrieval began while the message was saved (beginRetrieval). */
  passages?: Promise<Passage[]>
  /**
   * A visitor's chat: aborted when a team member joins it (watchForPerson). The answer stops and is kept
   * for the team as `person_joined`, never sent: the call answers with no ai_message.
   */
  personJoined?: AbortSignal
}

/** What a sent message comes to: its answer, or none when a team member joined the chat meanwhile. */
export interface AnsweredMessage {
  conversation_id: string
  user_message: MessageView
  ai_message: MessageView | null
}

/**
 * Answers a user message this process has just taken up, keeping the answer on it as it streams
 * (recordAnswerProgress), and stores the answer. Whatever fails from the moment it was taken up (retrieval,
 * the model, storing the answer) or the client going away marks it failed with
 * what was written, metered once, so the conversation never waits on an answer nobody writes. When even
 * that cannot be written (the database is out of reach), this process notes the attempt as dropped and
 * fails it at the next look (AnsweringProcess.droppedAttempts). An answer a team member's joining cut
 * short (here, or failed by the join itself) is no failure to the caller: it answers with no ai_message.
 */
export async function answerUserMessage(
  answering: AnsweringServices,
  {
    agent,
    userMessage,
    events,
    signal,
    attachments,
    channel,
    conversation,
    passages,
    personJoined,
  }: AnswerUserMessageOptions,
): Promise<AnsweredMessage> {
  const spending = newSpending()
  const takenOver = new AbortController()
  const progress = recordAnswerProgress({
    database: answering.database,
    logger: answering.logger,
    attempt: userMessage,
    takenOver,
  })
  // The attempt as it stands: what it holds on the plan grows if the real prompt needs more than admitted.
  let attempt = userMessage
  const beforeAnswering = async (prompt: PromptMessage[]) => {
    attempt = await reservePromptTokens(answering, { agent, attempt, prompt })
  }
  let answer: Answer | null = null
  let aiMessage: Message | null
  try {
    events.onUserMessage?.(toMessageView(userMessage))
    const history = await conversationHistory(answering.database, userMessage)
    const onToken = (piece: string) => {
      events.onToken?.(piece)
      progress.update(spending)
    }
    answer = await answerQuestion({
      answerer: answering,
      question: {
        agent,
        history,
        text: userMessage.text,
        attachments: attachments ?? attachedNames(userMessage),
        aid: channel?.aid,
        beforeAnswering,
        passages,
      },
      onToken,
      signal: AbortSignal.any([signal, takenOver.signal, ...(personJoined ? [personJoined] : [])]),
      spending,
    })
    await progress.settled()
    aiMessage = await saveAnswer(answering, {
      accountId: agent.accountId,
      userMessage: attempt,
      answer,
      conversation,
      channel,
    })
  } catch (error) {
    await progress.settled()
    const refused = isPlanRefusal(error) ? error : null
    const reason = personJoined?.aborted
      ? PERSON_JOINED
      : takenOver.signal.aborted
        ? 'interrupted'
        : refused
          ? 'plan_limit'
          : error instanceof GenerationError
            ? error.reason
            : signal.aborted && !answer
              ? 'stopped'
              : 'failed'
    if (!(error instanceof GenerationError) && !refused && reason !== 'interrupted' && reason !== PERSON_JOINED)
      answering.logger.error({ err: error, conversationId: userMessage.conversationId }, 'answering failed')
    // A whole answer that could not be stored was billed as the provider reported it.
    const failure = answer
      ? { reason, written: answer.text, promptTokens: answer.promptTokens, completionTokens: answer.completionTokens }
      : { reason, written: spending.streamed, promptTokens: billedPromptTokens(spending, reason) }
    const failed = await recordFailure(answering, attempt, failure)
    const unsent = answerNotSent(failed)
    if (unsent) return unsent
    // A plan that refused the real prompt's tokens answers as the plan does (402), with the message kept.
    throw refused instanceof PlanRefusal && failed instanceof AppError
      ? refused.with({ user_message: failed.extra?.user_message })
      : failed
  }
  if (!aiMessage) {
    // Failed by someone else meanwhile: a team member joining, or another process that took it for dead.
    const current = await answering.database.prisma.message.findUniqueOrThrow({ where: { id: userMessage.id } })
    if (current.answerError !== PERSON_JOINED) throw failureError(current.answerError ?? 'interrupted', current)
    return notSent(await keepWrittenForTeam(answering.database, current, answer?.text ?? ''))
  }
  const answered = toMessageView(aiMessage)
  // A channel that sends answers out (a messaging app's API) gets it once stored; the answer stands if it cannot.
  await channel
    ?.deliver?.(answered)
    .catch((error: unknown) =>
      answering.logger.error({ err: error, messageId: answered.message_id }, 'could not deliver an answer'),
    )
  return {
    conversation_id: userMessage.conversationId,
    user_message: toMessageView(userMessage),
    ai_message: answered,
  }
}

/** A message whose answer a team member's joining stopped: the call's answer, with no ai_message. */
const notSent = (message: Message): AnsweredMessage => ({
  conversation_id: message.conversationId,
  user_message: toMessageView(message),
  ai_message: null,
})

/** A failure that is a team member joining the chat: the call's answer then, with no ai_message. */
function answerNotSent(failed: unknown): AnsweredMessage | null {
  if (!(failed instanceof AppError) || failed.extra?.reason !== PERSON_JOINED) return null
  const userMessage = failed.extra.user_message as MessageView
  return { conversation_id: userMessage.conversation_id, user_message: userMessage, ai_message: null }
}

/**
 * Marks the attempt failed and meters it; returns what to throw: the SPEC's failure (with the reason the
 * attempt ended for, when someone else failed it first), or why it could not be marked.
 */
async function recordFailure(
  answering: AnsweringServices,
  userMessage: Message,
  failure: AnswerFailure,
): Promise<unknown> {
  let failed: FailedAnswer | null
  try {
    failed = await failAnswer(answering.database, userMessage, failure)
  } catch (error) {
    answering.logger.error(
      { err: error, messageId: userMessage.id },
      'could not mark a failed answer: it is failed at the next look',
    )
    answering.droppedAttempts.set(userMessage.id, {
      answerStartedAt: userMessage.answerStartedAt ?? new Date(0),
      failure,
    })
    return error
  }
  if (failed) {
    await meterFailedAnswer(answering, failed)
    return failureError(failure.reason, failed.message)
  }
  const current = await answering.database.prisma.message.findUniqueOrThrow({ where: { id: userMessage.id } })
  if (current.answerError === PERSON_JOINED)
    return failureError(PERSON_JOINED, await keepWrittenForTeam(answering.database, current, failure.written))
  return failureError(current.answerError ?? failure.reason, current)
}
