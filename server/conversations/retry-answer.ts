import type { Actor } from '../accounts/actor.ts'
import { admitMessage } from './admit-message.ts'
import { claimRetry } from './claim-retry.ts'
import { requireConversationToChatIn } from './require-conversation.ts'
import type { ChatEvents } from './channel.ts'
import { answerUserMessage, type AnsweringServices } from './send-message.ts'

export interface RetryAnswerOptions {
  actor: Actor
  agentId: string
  conversationId: string
  messageId: string
  events: ChatEvents
  signal: AbortSignal
}

/** Answers again the conversation's last user message whose answer failed, if it can still take messages. */
export async function retryAnswer(
  answering: AnsweringServices,
  { actor, agentId, conversationId, messageId, events, signal }: RetryAnswerOptions,
) {
  const { agent } = await requireConversationToChatIn(answering.database, {
    actor,
    agentId,
    conversationId,
  })
  const failed = await answering.database.prisma.message.findFirst({
    where: { id: messageId, conversationId },
    select: { text: true },
  })
  const admission = await admitMessage(answering, { agent, questionCharacters: failed?.text.length ?? 0 })
  const message = await claimRetry(answering, { conversationId, messageId, admission })
  return answerUserMessage(answering, { agent, userMessage: message, events, signal })
}
