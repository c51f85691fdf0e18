import type { AgentNeed } from '../agents/agent-needs.ts'
import type { TeamRole } from '../db/generated/prisma/client.ts'

/** The roles that give each need (docs/permissions.md). The owner has every need. */
export const ROLES_FOR_NEED: Record<AgentNeed, TeamRole[]> = {
  read: ['admin', 'member', 'viewer'],
  chat: ['admin', 'member'],
  edit: ['admin'],
  manage: [],
}

const NEED_ORDER: AgentNeed[] = ['read', 'chat', 'edit', 'manage']

/** What a set of team roles allows on an agent: the strongest role counts. */
export function needsGrantedBy(roles: TeamRole[]): AgentNeed[] {
  return NEED_ORDER.filter((need) => ROLES_FOR_NEED[need].some((role) => roles.includes(role)))
}
