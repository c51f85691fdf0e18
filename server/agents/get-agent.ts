import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { AGENT_VIEW_INCLUDE, toAgentView } from './agent-view.ts'
import { requireAgentAccess } from './require-agent-access.ts'

export async function getAgent(database: Database, actor: Actor, agentId: string) {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  return toAgentView(
    await database.prisma.agent.findUniqueOrThrow({ where: { id: agentId }, include: AGENT_VIEW_INCLUDE }),
    actor.userId,
  )
}
