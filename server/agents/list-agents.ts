import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { paginationOf, type AgentList, type PageQuery } from './agents.schemas.ts'
import { AGENT_VIEW_INCLUDE, toAgentView } from './agent-view.ts'
import { visibleAgentsWhere } from './require-agent-access.ts'

/** The actor's agents, newest first, one page with the SPEC's pagination envelope. */
export async function listAgents(database: Database, actor: Actor, query: PageQuery): Promise<AgentList> {
  const where = visibleAgentsWhere(actor)
  const [totalCount, agents] = await Promise.all([
    database.prisma.agent.count({ where }),
    database.prisma.agent.findMany({
      where,
      include: AGENT_VIEW_INCLUDE,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
  ])
  return {
    agents: agents.map((agent) => toAgentView(agent, actor.userId)),
    pagination: paginationOf(query, totalCount),
  }
}
