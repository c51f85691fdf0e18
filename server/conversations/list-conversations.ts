import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess, visibleAgentsWhere } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import type { Prisma } from '../db/generated/prisma/client.ts'
import type { ConversationListQuery } from './conversations.schemas.ts'
import { toConversationView } from './conversation-view.ts'

function filterWhere(query: ConversationListQuery): Prisma.ConversationWhereInput {
  const flags: Prisma.ConversationWhereInput =
    query.filter === 'archived'
      ? { isArchived: true }
      : query.filter === 'favorite'
        ? { isFavorite: true, isArchived: false }
        : { isArchived: false }
  const search: Prisma.ConversationWhereInput = query.search
    ? {
        OR: [
          { name: { contains: query.search, mode: 'insensitive' } },
          { messages: { some: { isDeleted: false, text: { contains: query.search, mode: 'insensitive' } } } },
        ],
      }
    : {}
  return { isDeleted: false, ...flags, ...search }
}

async function page(database: Database, where: Prisma.ConversationWhereInput, query: ConversationListQuery) {
  const [total, conversations] = await Promise.all([
    database.prisma.conversation.count({ where }),
    database.prisma.conversation.findMany({
      where,
      orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
      include: { agent: { select: { name: true } } },
    }),
  ])
  return {
    data: conversations.map(toConversationView),
    total,
    page: query.page,
    limit: query.limit,
    total_pages: Math.ceil(total / query.limit),
  }
}

export interface ListAgentConversationsOptions {
  actor: Actor
  agentId: string
  query: ConversationListQuery
}

/** One agent's conversations, newest activity first, filtered (all, favorite, archived) and searched. */
export async function listAgentConversations(
  database: Database,
  { actor, agentId, query }: ListAgentConversationsOptions,
) {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  return page(database, { agentId, ...filterWhere(query) }, query)
}

/** Conversations of every agent the actor sees (the All Agents view), or of one with agent_id. */
export async function listAllConversations(
  database: Database,
  actor: Actor,
  query: ConversationListQuery & { agentId?: string },
) {
  if (query.agentId) return listAgentConversations(database, { actor, agentId: query.agentId, query })
  return page(database, { agent: visibleAgentsWhere(actor), ...filterWhere(query) }, query)
}
