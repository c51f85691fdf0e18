import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import type { AnswerFeedback, Conversation, Message } from '../db/generated/prisma/client.ts'
import type { SourceView } from './conversations.schemas.ts'

/** A conversation as its export writes it: who, where, when, and every message with its sources and ratings. */
export interface ExportedConversation {
  conversation_id: string
  name: string
  channel: string
  visitor_email: string | null
  created_at: string
  messages: {
    message_id: string
    sender_type: string
    /** A team member's message: their name as the visitor saw it. */
    sender_name: string | null
    text: string
    sources: Pick<SourceView, 'number' | 'title' | 'url'>[]
    /** An answer's ratings: by the visitor, or by a team member (user). */
    feedback: { by: 'visitor' | 'user'; rating: string; comment: string | null }[]
    created_at: string
  }[]
}

type ConversationRead = Conversation & { messages: (Message & { feedback: AnswerFeedback[] })[] }

function exported(conversation: ConversationRead): ExportedConversation {
  return {
    conversation_id: conversation.id,
    name: conversation.name,
    channel: conversation.channel,
    visitor_email: conversation.visitorEmail,
    created_at: conversation.createdAt.toISOString(),
    messages: conversation.messages.map((message) => ({
      message_id: message.id,
      sender_type: message.senderType,
      sender_name: message.senderName,
      text: message.text,
      // Written only by saveAnswer, from sourcesCited.
      sources: (message.sources as unknown as SourceView[]).map(({ number, title, url }) => ({ number, title, url })),
      feedback: message.feedback.map((rating) => ({
        by: rating.rater.startsWith('visitor:') ? ('visitor' as const) : ('user' as const),
        rating: rating.rating,
        comment: rating.comment,
      })),
      created_at: message.createdAt.toISOString(),
    })),
  }
}

export interface ExportConversationsOptions {
  actor: Actor
  agentId: string
}

/**
 * Every conversation of the agent that is not deleted, oldest first, each with its messages, read 100
 * conversations at a time: for the agent's readers (the first read refuses anyone else).
 */
export async function* exportConversations(database: Database, { actor, agentId }: ExportConversationsOptions) {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  let cursor: string | undefined
  for (;;) {
    const page = await database.prisma.conversation.findMany({
      where: { agentId, isDeleted: false },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: 100,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      include: {
        messages: {
          where: { isDeleted: false },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          include: { feedback: { orderBy: { createdAt: 'asc' } } },
        },
      },
    })
    if (page.length === 0) return
    for (const conversation of page) yield exported(conversation)
    cursor = page.at(-1)?.id
  }
}
