import { liveStateOf } from '../../conversations/handoff/live-state.ts'
import type { LiveStateView } from '../../conversations/handoff/handoff.schemas.ts'
import { toMessageView } from '../../conversations/message-view.ts'
import type { Database } from '../../db/database.ts'
import type { VisitorMessageView } from './widget-chat.schemas.ts'
import { requireVisitorConversation } from './require-visitor-conversation.ts'
import type { WidgetCaller } from './require-widget-caller.ts'
import { toVisitorMessage } from './visitor-message-view.ts'

/**
 * Messages saved at the same moment by two processes may commit in either order: each look reaches back
 * this far, and what was already sent is skipped by id.
 */
const REACH_BACK_MS = 10_000

export interface VisitorLiveFeedOptions {
  caller: WidgetCaller
  conversationId: string
  /** The last message the widget shows: the feed starts after it (by default, from now). */
  afterMessageId?: string | undefined
}

export interface VisitorLiveUpdate {
  state: LiveStateView
  messages: VisitorMessageView[]
}

/**
 * What reaches an open widget without its asking: the team member's messages and the chat's notices
 * (joined, left), and where the chat stands. Each read gives what is new since the last; the visitor's
 * own messages and the agent's answers come back to the widget with the call that sent them.
 */
export async function openVisitorLiveFeed(
  database: Database,
  { caller, conversationId, afterMessageId }: VisitorLiveFeedOptions,
) {
  await requireVisitorConversation(database, caller, conversationId)
  const after = afterMessageId
    ? await database.prisma.message.findFirst({
        where: { id: afterMessageId, conversationId },
        select: { createdAt: true },
      })
    : null
  let since = after?.createdAt ?? new Date()
  const sent = new Set<string>(afterMessageId ? [afterMessageId] : [])
  return {
    async read(): Promise<VisitorLiveUpdate> {
      const conversation = await requireVisitorConversation(database, caller, conversationId)
      const fresh = await database.prisma.message.findMany({
        where: {
          conversationId,
          isDeleted: false,
          senderType: { in: ['person', 'notice'] },
          createdAt: { gte: new Date(since.getTime() - REACH_BACK_MS) },
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: 100,
      })
      const messages = fresh.filter((message) => !sent.has(message.id))
      for (const message of messages) {
        sent.add(message.id)
        if (message.createdAt > since) since = message.createdAt
      }
      return {
        state: liveStateOf(conversation, caller.integration),
        messages: messages.map((message) => toVisitorMessage(toMessageView(message))),
      }
    },
  }
}
