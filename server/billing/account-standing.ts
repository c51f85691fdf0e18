import type { Database } from '../db/database.ts'
import type { Plan, Prisma, Subscription, SubscriptionStatus } from '../db/generated/prisma/client.ts'
import type { BillingMode } from './billing-mode.ts'
import { billingPeriodOf, calendarMonthOf, type UsagePeriod } from './billing-period.ts'
import { limitsOfPlan, NO_PLAN_LIMITS, type PlanLimits } from './plan-limits.ts'

export type SubscriptionWithPlan = Subscription & { plan: Plan }

/** Prisma, or the transaction the caller holds. */
export type PrismaQueries = Database['prisma'] | Prisma.TransactionClient

const LIVE_STATUSES: SubscriptionStatus[] = ['trialing', 'active', 'past_due']

/**
 * Whether the subscription gives access at the moment: a live status, before its end. Its start is not
 * compared: a trial written a moment ago by a server whose clock runs ahead is live at once everywhere.
 */
export function isLive(subscription: Pick<Subscription, 'status' | 'currentPeriodEnd'>, moment: Date): boolean {
  return LIVE_STATUSES.includes(subscription.status) && moment < subscription.currentPeriodEnd
}

/** The status as it stands: a live one whose end has passed reads expired (or cancelled, when it was set to end). */
export function effectiveStatus(
  subscription: Pick<Subscription, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>,
  moment: Date,
): SubscriptionStatus {
  if (LIVE_STATUSES.includes(subscription.status) && moment >= subscription.currentPeriodEnd)
    return subscription.cancelAtPeriodEnd ? 'cancelled' : 'expired'
  return subscription.status
}

/** Where an account stands with its plan at a moment: what every limit check starts from. */
export interface AccountStanding {
  accountId: string
  /** BILLING_MODE is enforced: limits refuse; otherwise they are only shown. */
  enforced: boolean
  mode: BillingMode
  /** The account's current subscription (trialing, active or past_due when written), live or not. */
  subscription: SubscriptionWithPlan | null
  /** The subscription gives access now: agents answer, the plan's limits apply. */
  live: boolean
  limits: PlanLimits
  /** The plan's name, or null without a live plan. */
  planName: string | null
  /** The billing period usage counts towards. */
  period: UsagePeriod
  /** When the standing was read: every decision made with it uses this moment. */
  moment: Date
}

/** The account's current subscription row with its plan (the one holding current_key), if any. */
export function findCurrentSubscription(
  prisma: PrismaQueries,
  accountId: string,
): Promise<SubscriptionWithPlan | null> {
  return prisma.subscription.findUnique({ where: { currentKey: accountId }, include: { plan: true } })
}

/** The period usage counts towards, from the current subscription: its monthly period while live, else the calendar month. */
export function usagePeriodFor(
  subscription: Pick<Subscription, 'status' | 'currentPeriodStart' | 'currentPeriodEnd'> | null,
  moment: Date,
): UsagePeriod {
  return subscription && isLive(subscription, moment)
    ? billingPeriodOf({ start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd }, moment)
    : calendarMonthOf(moment)
}

export interface ReadAccountStandingOptions {
  accountId: string
  mode: BillingMode
  moment?: Date
}

export async function readAccountStanding(
  prisma: PrismaQueries,
  options: ReadAccountStandingOptions,
): Promise<AccountStanding> {
  return standingWith(await findCurrentSubscription(prisma, options.accountId), options)
}

/** Where the account stands at the moment with this current subscription (read, or kept by the process). */
export function standingWith(
  subscription: SubscriptionWithPlan | null,
  { accountId, mode, moment = new Date() }: ReadAccountStandingOptions,
): AccountStanding {
  const live = subscription !== null && isLive(subscription, moment)
  return {
    accountId,
    enforced: mode === 'enforced',
    mode,
    subscription,
    live,
    limits: live ? limitsOfPlan(subscription.plan) : NO_PLAN_LIMITS,
    planName: live ? subscription.plan.name : null,
    period: usagePeriodFor(subscription, moment),
    moment,
  }
}
