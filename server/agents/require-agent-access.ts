import type { Actor } from '../accounts/actor.ts'
import { keptRowsOf, type KeptRowKind } from '../db/caching/kept-rows.ts'
import type { Database } from '../db/database.ts'
import type { Agent, Prisma, TeamRole } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { needsGrantedBy } from '../teams/team-roles.ts'
import type { AgentNeed } from './agent-needs.ts'

export type { AgentNeed }

export const AGENT_NOT_FOUND = 'Agent not found'

/** Agents kept by this process, keyed by id: what every agent-scoped call reads before deciding access. */
const KEPT_AGENTS: KeptRowKind<Agent> = { invalidatedBy: { agents: 'key' }, maxEntries: 5_000 }

const NEED_WORDS: Record<AgentNeed, string> = {
  read: 'see this agent',
  chat: 'chat with this agent',
  edit: "change this agent's knowledge and widgets",
  manage: 'manage this agent',
}

/** Agents the actor owns, or reaches through an active membership of a team they are assigned to. */
export function visibleAgentsWhere(actor: Actor): Prisma.AgentWhereInput {
  return {
    OR: [
      { accountId: actor.userId },
      { teamAgents: { some: { team: { members: { some: { userId: actor.userId, status: 'active' } } } } } },
    ],
  }
}

/** Everything the actor may do with the agent: every need for its owner, the team roles' for members. */
export async function agentNeedsOf(
  database: Database,
  actor: Actor,
  agent: Pick<Agent, 'id' | 'accountId'>,
): Promise<AgentNeed[]> {
  if (agent.accountId === actor.userId) return ['read', 'chat', 'edit', 'manage']
  const memberships = await database.prisma.teamMember.findMany({
    where: { userId: actor.userId, status: 'active', team: { agents: { some: { agentId: agent.id } } } },
    select: { role: true },
  })
  return needsGrantedBy(memberships.map((membership) => membership.role as TeamRole))
}

export interface RequireAgentAccessOptions {
  actor: Actor
  agentId: string
  need: AgentNeed
}

/**
 * The one decision on agent access: every agent-scoped operation calls it. An agent the actor may not
 * see answers 404, like one that does not exist, so ids cannot be probed; one they see but may not use
 * as asked answers 403.
 */
export async function requireAgentAccess(
  database: Database,
  { actor, agentId, need }: RequireAgentAccessOptions,
): Promise<Agent> {
  const read = () => database.prisma.agent.findUnique({ where: { id: agentId } })
  // Kept by this process until the agent changes (in any process).
  const kept = keptRowsOf(database, KEPT_AGENTS)
  const agent = kept ? await kept.read(agentId, read) : await read()
  if (!agent) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND)
  const granted = await agentNeedsOf(database, actor, agent)
  if (!granted.includes('read')) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND)
  if (!granted.includes(need)) throw new AppError('FORBIDDEN', `You do not have permission to ${NEED_WORDS[need]}.`)
  return agent
}
