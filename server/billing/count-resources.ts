import type { PrismaQueries } from './account-standing.ts'
import type { ResourceLimit } from './plan-limits.ts'

export interface CountResourceOptions {
  accountId: string
  resource: ResourceLimit
  replacing?: string
}

/**
 * What a resource limit counts, as it is now: the account's agents, its widget integrations that are
 * switched on with its messaging channels (a WhatsApp number, a Page, an Instagram account each count as a widget), and its team members who are active or invited (pending), each person once however many
 * of the account's teams they are in. A widget about to be replaced (`replacing`) is not counted.
 */
export async function countResource(
  prisma: PrismaQueries,
  { accountId, resource, replacing }: CountResourceOptions,
): Promise<number> {
  if (resource === 'agents') return prisma.agent.count({ where: { accountId } })
  if (resource === 'widgets') {
    const [widgets, channels] = await Promise.all([
      prisma.widgetIntegration.count({
        where: { accountId, isActive: true, ...(replacing ? { id: { not: replacing } } : {}) },
      }),
      prisma.messagingChannel.count({ where: { accountId } }),
    ])
    return widgets + channels
  }
  const [row] = await prisma.$queryRaw<{ people: bigint }[]>`
    select count(distinct email) as people from team_members where account_id = ${accountId}::uuid and status in ('active', 'pending')`
  return Number(row?.people ?? 0n)
}

/** Whether the person (by e-mail) already counts as one of the account's team members. */
export async function isCountedTeamMember(prisma: PrismaQueries, accountId: string, email: string): Promise<boolean> {
  return (await prisma.teamMember.count({ where: { accountId, email, status: { in: ['active', 'pending'] } } })) > 0
}
