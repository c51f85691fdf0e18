import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import type { CreateAgent } from './agents.schemas.ts'
import { AGENT_VIEW_INCLUDE, toAgentView } from './agent-view.ts'

export async function createAgent(database: Database, actor: Actor, agent: CreateAgent) {
  const created = await database.prisma.agent.create({
    data: { accountId: actor.userId, name: agent.name, description: agent.description || null, visibility: agent.visibility },
    include: AGENT_VIEW_INCLUDE,
  })
  return toAgentView(created, actor.userId)
}
