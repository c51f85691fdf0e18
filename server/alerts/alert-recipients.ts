import { receivesEmail } from '../accounts/receives-email.ts'
import type { Database } from '../db/database.ts'
import type { Prisma } from '../db/generated/prisma/client.ts'
import type { TeamRole } from '../db/generated/prisma/client.ts'
import { ROLES_FOR_NEED } from '../teams/team-roles.ts'
import type { AlertKind } from './alert-kinds.ts'

export interface AlertRecipientsOptions {
  accountId: string
  kind: AlertKind
  /** An alert about one agent reaches the admins of the teams it is shared with too. */
  agentId?: string
}

/** Alerts that quote what a website visitor typed: sent only to addresses someone proved they own. */
const PROVEN_ADDRESSES_ONLY = new Set<AlertKind>(['new_lead'])

/** Alerts that ask someone to act in a chat reach whoever of the agent's teams may chat in it, not the admins only. */
const TEAM_ROLES_FOR: Partial<Record<AlertKind, TeamRole[]>> = { person_requested: ROLES_FOR_NEED.chat }

/**
 * Who gets an alert: the account's owner, and for an agent's alert the active admins of its teams (or, for
 * a visitor asking for a person, every member who may chat with the agent) (who
 * joined by a proven address or an invitation link); each at an address that takes e-mail (not a shop's
 * placeholder) and only if they left this kind on. An alert carrying visitors' words goes to proven
 * addresses only: an account registered with someone else's address cannot make us mail them.
 */
export async function alertRecipients(
  reader: Prisma.TransactionClient | Database['prisma'],
  { accountId, kind, agentId }: AlertRecipientsOptions,
) {
  const admins = agentId
    ? await reader.teamMember.findMany({
        where: {
          accountId,
          role: { in: TEAM_ROLES_FOR[kind] ?? ['admin'] },
          status: 'active',
          team: { agents: { some: { agentId } } },
        },
        select: { userId: true },
      })
    : []
  const ids = [accountId, ...admins.flatMap((admin) => (admin.userId ? [admin.userId] : []))]
  const users = await reader.user.findMany({
    where: {
      id: { in: [...new Set(ids)] },
      ...(PROVEN_ADDRESSES_ONLY.has(kind) ? { emailVerifiedAt: { not: null } } : {}),
    },
    select: { id: true, email: true, isActive: true, emailAlertsOff: true },
  })
  return users.filter((user) => receivesEmail(user) && !user.emailAlertsOff.includes(kind))
}
