import type { Database } from '../db/database.ts'
import type { Prisma, UsageMetric } from '../db/generated/prisma/client.ts'
import { consumeUsage, usedInPeriod } from '../usage/consume-usage.ts'
import { keptRowsOf } from '../db/caching/kept-rows.ts'
import { KEPT_SUBSCRIPTIONS } from './kept-subscriptions.ts'
import { findCurrentSubscription, readAccountStanding, standingWith, type AccountStanding } from './account-standing.ts'
import type { BillingMode } from './billing-mode.ts'
import { countResource, isCountedTeamMember } from './count-resources.ts'
import { fitsLimit, UNLIMITED, type MeteredLimit, type ResourceLimit } from './plan-limits.ts'
import { planLimitReached, subscriptionInactive } from './plan-refusals.ts'

/** Who a resource is for: a team member counts once per person, by e-mail. */
interface NewResource {
  accountId: string
  resource: ResourceLimit
  /** For team_members: the person's e-mail, already counted if they are in another of the account's teams. */
  email?: string
  /** For widgets: the integration the new one replaces (switched off right after), not counted. */
  replacing?: string | undefined
}

// Creations of one account's agents, widgets and team members queue on this lock (two keys: namespace, account).
const RESOURCE_LOCK_NAMESPACE = 7_234_016

/**
 * The plans' limits, applied (BILLING_MODE enforced) or only counted (unlimited). Every creation and
 * every conversation, message and answer passes here before any work is done.
 */
export interface PlanEnforcement {
  mode: BillingMode
  /** The clock every plan decision reads (trials ending, periods rolling over); tests move it. */
  now(): Date
  /** The tokens a usual message reserves (admitMessage's estimate): with less left, messages are refused, and the owner is told so. */
  answerReserve: number
  standingOf(accountId: string, prisma?: Database['prisma'] | Prisma.TransactionClient): Promise<AccountStanding>
  /** Refuses (402) when the resource would pass the plan now; a cheap look before costly work, not a guarantee. */
  requireRoomFor(resource: NewResource): Promise<void>
  /**
   * Creates the resource if the plan has room for it: the account's creations queue on a lock, count what
   * exists, and create, in one transaction, so no two requests on any processes pass the limit together.
   */
  createWithinPlan<T>(resource: NewResource, create: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T>
  /**
   * A cheap look, before a visitor's message (and its file) is read: no live plan, no message left, or no
   * tokens left refuses (402). Not a guarantee: saving the message counts it for real (consume).
   */
  requireRoomToAnswer(standing: AccountStanding, used: UsedForAnswers): void
  /** Refuses (402 SUBSCRIPTION_INACTIVE) when the account's agents may not answer: no live trial or subscription. */
  requireAnswering(standing: AccountStanding): void
  /**
   * Creates something that uses up a metered limit (a conversation): the plan must be live, and the
   * count and the row are written in one transaction, refused (402) past the limit.
   */
  createCounted<T>(
    accountId: string,
    metric: MeteredLimit,
    create: (tx: Prisma.TransactionClient) => Promise<T>,
  ): Promise<T>
  /** Counts usage of the period, refusing (402) what would pass the limit, in the caller's transaction if given. */
  consume(prisma: Database['prisma'] | Prisma.TransactionClient, usage: ConsumeOptions): Promise<void>
}

/** What the account has used of its answers' limits in the standing's period. */
interface UsedForAnswers {
  messages: number
  tokens: number
}

interface ConsumeOptions {
  standing: AccountStanding
  metric: MeteredLimit
  amount: number
}

export interface PlanEnforcementOptions {
  database: Database
  mode: BillingMode
  /** The clock; the system's by default. */
  now?: () => Date
  /** See PlanEnforcement.answerReserve. */
  answerReserve: number
}

export function createPlanEnforcement({
  database,
  mode,
  now = () => new Date(),
  answerReserve,
}: PlanEnforcementOptions): PlanEnforcement {
  const enforced = mode === 'enforced'

  async function refuseUnlessRoom(
    prisma: Database['prisma'] | Prisma.TransactionClient,
    standing: AccountStanding,
    { accountId, resource, email, replacing }: NewResource,
  ) {
    const limit = standing.limits[resource]
    if (limit === UNLIMITED) return
    if (resource === 'team_members' && email && (await isCountedTeamMember(prisma, accountId, email))) return
    const used = await countResource(prisma, { accountId, resource, replacing })
    if (!fitsLimit(limit, used)) throw planLimitReached(standing, resource, used)
  }

  const enforcement: PlanEnforcement = {
    mode,
    now,
    answerReserve,
    async standingOf(accountId, prisma = database.prisma) {
      const kept = prisma === database.prisma ? keptRowsOf(database, KEPT_SUBSCRIPTIONS) : null
      if (!kept) return readAccountStanding(prisma, { accountId, mode, moment: now() })
      const found = await kept.read(accountId, async () => ({
        subscription: await findCurrentSubscription(prisma, accountId),
      }))
      return standingWith(found?.subscription ?? null, { accountId, mode, moment: now() })
    },
    async requireRoomFor(resource) {
      if (!enforced) return
      await refuseUnlessRoom(database.prisma, await enforcement.standingOf(resource.accountId), resource)
    },
    async createWithinPlan(resource, create) {
      if (!enforced) return database.prisma.$transaction((tx) => create(tx))
      const standing = await enforcement.standingOf(resource.accountId)
      return database.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`select pg_advisory_xact_lock(${RESOURCE_LOCK_NAMESPACE}::int, hashtext(${resource.accountId}))`
        await refuseUnlessRoom(tx, standing, resource)
        return create(tx)
      })
    },
    async createCounted(accountId, metric, create) {
      const standing = await enforcement.standingOf(accountId)
      enforcement.requireAnswering(standing)
      return database.prisma.$transaction(async (tx) => {
        await enforcement.consume(tx, { standing, metric, amount: 1 })
        return create(tx)
      })
    },
    requireAnswering(standing) {
      if (enforced && !standing.live) throw subscriptionInactive(standing)
    },
    requireRoomToAnswer(standing, used) {
      enforcement.requireAnswering(standing)
      if (!enforced) return
      for (const metric of ['messages', 'tokens'] as const)
        if (!fitsLimit(standing.limits[metric], used[metric])) throw planLimitReached(standing, metric, used[metric])
    },
    async consume(prisma, { standing, metric, amount }) {
      const limit = enforced ? standing.limits[metric] : UNLIMITED
      if (enforced && !standing.live) throw subscriptionInactive(standing)
      if (
        await consumeUsage(prisma, {
          accountId: standing.accountId,
          metric: metric as UsageMetric,
          amount,
          limit,
          period: standing.period,
        })
      )
        return
      throw planLimitReached(
        standing,
        metric,
        await usedInPeriod(prisma, {
          accountId: standing.accountId,
          metric: metric as UsageMetric,
          period: standing.period,
        }),
      )
    },
  }
  return enforcement
}
