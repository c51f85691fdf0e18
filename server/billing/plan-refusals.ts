import { AppError } from '../errors/app-error.ts'
import type { AccountStanding } from './account-standing.ts'
import { describeLimit, type LimitName } from './plan-limits.ts'

/** Where the dashboard sends someone a plan refused. */
export const UPGRADE_URL = '/app/payment'

const ENDED = {
  trial: 'Your free trial has ended.',
  subscription: 'Your subscription has ended.',
  none: 'You have no plan yet.',
}

function whyNoPlan(standing: AccountStanding): string {
  if (!standing.subscription) return ENDED.none
  return standing.subscription.provider === 'trial' ? ENDED.trial : ENDED.subscription
}

const CREATE_VERB: Partial<Record<LimitName, string>> = {
  agents: 'add more',
  widgets: 'add more',
  team_members: 'add more',
}

/**
 * A plan's refusal (402), written for the account's owner. A team member working with the owner's agents
 * or teams reads it as the owner's plan, with no Upgrade action of their own (seenBy): only the owner can
 * change the plan.
 */
export class PlanRefusal extends AppError {
  /** The account whose plan refused. */
  readonly accountId: string
  /** The sentence for someone who is not the account's owner. */
  readonly memberDetail: string

  constructor(
    code: 'PLAN_LIMIT_REACHED' | 'SUBSCRIPTION_INACTIVE',
    {
      accountId,
      detail,
      memberDetail,
      extra,
    }: { accountId: string; detail: string; memberDetail: string; extra: Record<string, unknown> },
  ) {
    super(code, detail, extra)
    this.accountId = accountId
    this.memberDetail = memberDetail
  }

  /** The same refusal carrying more (the saved message, say). */
  with(extra: Record<string, unknown>): PlanRefusal {
    return new PlanRefusal(this.code as 'PLAN_LIMIT_REACHED', {
      accountId: this.accountId,
      detail: this.detail,
      memberDetail: this.memberDetail,
      extra: { ...this.extra, ...extra },
    })
  }

  /** As the signed-in user should read it: the owner as written, anyone else about the owner's plan. */
  seenBy(userId: string | undefined): AppError {
    return userId === this.accountId
      ? this
      : new AppError(this.code, this.memberDetail, { ...this.extra, upgrade_url: null })
  }
}

const OWNER_ENDED = {
  trial: "The account owner's free trial has ended.",
  subscription: "The account owner's subscription has ended.",
  none: 'The account owner has no plan.',
}

function whyOwnerHasNoPlan(standing: AccountStanding): string {
  if (!standing.subscription) return OWNER_ENDED.none
  return standing.subscription.provider === 'trial' ? OWNER_ENDED.trial : OWNER_ENDED.subscription
}

/** 402 PLAN_LIMIT_REACHED: the limit, what is used, the plan, and a sentence saying what to do. */
export function planLimitReached(standing: AccountStanding, limit: LimitName, used: number): PlanRefusal {
  const allowed = standing.limits[limit]
  const verb = CREATE_VERB[limit] ?? 'continue'
  const detail = standing.live
    ? `Your plan allows ${describeLimit(limit, allowed)}. Upgrade your plan to ${verb}.`
    : `${whyNoPlan(standing)} Without a plan you can have ${describeLimit(limit, allowed)}. Choose a plan to ${verb}.`
  const memberDetail = standing.live
    ? `The account owner's plan allows ${describeLimit(limit, allowed)}. Ask the owner to upgrade it.`
    : `${whyOwnerHasNoPlan(standing)} Ask the owner to choose a plan.`
  return new PlanRefusal('PLAN_LIMIT_REACHED', {
    accountId: standing.accountId,
    detail,
    memberDetail,
    extra: { limit: allowed, used, metric: limit, plan_name: standing.planName ?? 'No plan', upgrade_url: UPGRADE_URL },
  })
}

/** 402 SUBSCRIPTION_INACTIVE: the account's agents do not answer without a live trial or subscription. */
export function subscriptionInactive(standing: AccountStanding): PlanRefusal {
  return new PlanRefusal('SUBSCRIPTION_INACTIVE', {
    accountId: standing.accountId,
    detail: `${whyNoPlan(standing)} Choose a plan to keep your agents answering.`,
    memberDetail: `${whyOwnerHasNoPlan(standing)} Ask the owner to choose a plan to keep the agents answering.`,
    extra: { plan_name: standing.subscription?.plan.name ?? 'No plan', upgrade_url: UPGRADE_URL },
  })
}

/** A refusal of an account's plan (402): shown with an Upgrade Plan action, and never to a website visitor as such. */
export function isPlanRefusal(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === 'PLAN_LIMIT_REACHED' || error.code === 'SUBSCRIPTION_INACTIVE')
}

/** The error as the signed-in user should read it: a plan refusal reworded for anyone but the account's owner. */
export function asSeenBy(error: unknown, userId: string | undefined): unknown {
  return error instanceof PlanRefusal ? error.seenBy(userId) : error
}
