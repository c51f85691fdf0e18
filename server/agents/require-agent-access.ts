import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import type { Agent } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'

/** What an operation needs to do with an agent. */
export type AgentNeed = 'read' | 'chat' | 'edit' | 'manage'

export const AGENT_NOT_FOUND = 'Agent not found'

/**
 * The one decision on agent access: every agent-scoped operation calls it. For now only the owner
 * may do anything (the teams issue widens it). An agent the actor may not see answers 404, like one
 * that does not exist, so ids cannot be probed.
 */
export async function requireAgentAccess(database: Database, actor: Actor, agentId: string, _need: AgentNeed): Promise<Agent> {
  const agent = await database.prisma.agent.findFirst({ where: { id: agentId, accountId: actor.userId } })
  if (!agent) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND)
  return agent
}
