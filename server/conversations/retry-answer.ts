import type { Actor } from '../accounts/actor.ts'
import { admitMessage } from './admit-message.ts'
import { claimRetry } from './claim-retry.ts'
import { requireConversationToChatIn } from './require-conversation.ts'
import { answerUserMessage, type ChatEvents, type ChatServices } from './send-message.ts'

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
  services: ChatServices,
  { actor, agentId, conversationId, messageId, events, signal }: RetryAnswerOptions,
) {
  const { agent } = await requireConversationToChatIn(services.database, {
    actor,
    agentId,
    conversationId,
  })
  const failed = await services.database.prisma.message.findFirst({
    where: { id: messageId, conversationId },
    select: { text: true },
  })
  const admission = await admitMessage(services, { agent, questionCharacters: failed?.text.length ?? 0 })
  const message = await claimRetry(services, { conversationId, messageId, admission })
  return answerUserMessage(services, { agent, userMessage: message, events, signal })
}
