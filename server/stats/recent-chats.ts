import type { Actor } from '../accounts/actor.ts'
import { visibleAgentsWhere } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import type { RecentChats } from './stats.schemas.ts'

/** The latest conversations of the agents the user sees, most recent activity first. */
export async function recentChats(database: Database, actor: Actor, count: number): Promise<RecentChats> {
  const conversations = await database.prisma.conversation.findMany({
    where: { isDeleted: false, agent: visibleAgentsWhere(actor) },
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
    take: count,
    include: { agent: { select: { name: true } } },
  })
  return conversations.map((conversation) => ({
    id: conversation.id,
    name: conversation.name,
    lastMessage: conversation.lastMessagePreview ?? '',
    timestamp: conversation.lastMessageAt.toISOString(),
    unread: conversation.unreadCount,
    status: conversation.status,
    agent_id: conversation.agentId,
    agent_name: conversation.agent.name,
  }))
}
