import type { PrismaQueries } from './account-standing.ts'
import type { UsagePeriod } from './billing-period.ts'
import { countResource } from './count-resources.ts'
import type { PlanLimits } from './plan-limits.ts'

/** What the account uses of each limit: the period's conversations, messages and tokens, and what exists now. */
export async function readAccountUsage(
  prisma: PrismaQueries,
  accountId: string,
  period: UsagePeriod,
): Promise<PlanLimits> {
  const [counters, agents, widgets, teamMembers] = await Promise.all([
    prisma.usageCounter.findMany({
      where: { accountId, scope: '', periodStart: period.start },
      select: { metric: true, value: true },
    }),
    countResource(prisma, { accountId, resource: 'agents' }),
    countResource(prisma, { accountId, resource: 'widgets' }),
    countResource(prisma, { accountId, resource: 'team_members' }),
  ])
  const counted = (metric: string) => Number(counters.find((counter) => counter.metric === metric)?.value ?? 0n)
  return {
    conversations: counted('conversations'),
    messages: counted('messages'),
    tokens: counted('tokens'),
    agents,
    widgets,
    team_members: teamMembers,
  }
}
