import type { Actor } from '../accounts/actor.ts'
import { AppError } from '../errors/app-error.ts'
import type { Database } from '../db/database.ts'
import type { AccountStanding, SubscriptionWithPlan } from './account-standing.ts'
import type { PlanEnforcement } from './plan-enforcement.ts'
import { readAccountUsage } from './read-account-usage.ts'
import { plansReturnUrl } from './shopify/subscribe-through-shopify.ts'
import { remainingDays, toHistoryEntry, toSubscriptionView, type SubscriptionView } from './subscription-view.ts'

export const BILLING_MESSAGES = {
  none: 'No subscription found',
  expired: 'Your subscription has expired',
  notFound: 'Subscription not found',
  noHistory: 'No subscription history found.',
}

export interface BillingServices {
  database: Database
  plans: PlanEnforcement
  /** SHOPIFY_API_KEY, when the Shopify app is on: a merchant's plan is managed in the app in their admin. */
  shopifyApiKey?: string | undefined
}

/** The Plans screen of the app in the merchant's Shopify admin, for an account that installed it; else null. */
async function shopifyPlansUrl(
  { database, shopifyApiKey }: BillingServices,
  accountId: string,
): Promise<string | null> {
  const shop = await database.prisma.shopifyShop.findFirst({ where: { accountId }, select: { shopDomain: true } })
  return shop && shopifyApiKey ? plansReturnUrl(shop.shopDomain, shopifyApiKey).replace(/\?.*$/, '') : null
}

/** The account's current subscription, or when it has none its latest one (ended), or null if it never had one. */
export async function latestSubscription(
  database: Database,
  standing: AccountStanding,
): Promise<SubscriptionWithPlan | null> {
  return (
    standing.subscription ??
    database.prisma.subscription.findFirst({
      where: { accountId: standing.accountId },
      orderBy: { createdAt: 'desc' },
      include: { plan: true },
    })
  )
}

/** The latest subscription as the SPEC shows it, or null. */
export async function readSubscriptionView(
  services: BillingServices,
  actor: Actor,
): Promise<{ view: SubscriptionView | null; live: boolean }> {
  const { database, plans } = services
  const standing = await plans.standingOf(actor.userId)
  const subscription = await latestSubscription(database, standing)
  if (!subscription) return { view: null, live: false }
  const usage = await readAccountUsage(database.prisma, actor.userId, standing.period)
  const view = {
    ...toSubscriptionView({ subscription, usage, mode: plans.mode, moment: standing.moment }),
    managed_in_shopify: await shopifyPlansUrl(services, actor.userId),
  }
  return { view, live: standing.live && subscription === standing.subscription }
}

/** GET /plans/get-user-subscription/: 200 the live subscription, 410 an ended one (carried as `subscription`), 404 none. */
export async function getUserSubscription(services: BillingServices, actor: Actor): Promise<SubscriptionView> {
  const { view, live } = await readSubscriptionView(services, actor)
  if (!view) throw new AppError('NOT_FOUND', BILLING_MESSAGES.none)
  if (!live) throw new AppError('GONE', BILLING_MESSAGES.expired, { subscription: view })
  return view
}

/** Every subscription the account had, newest first; 404 with an empty list when there is none (SPEC section 7). */
export async function subscriptionHistory({ database, plans }: BillingServices, actor: Actor) {
  const rows = await database.prisma.subscription.findMany({
    where: { accountId: actor.userId },
    orderBy: { createdAt: 'desc' },
    include: { plan: true },
  })
  if (rows.length === 0) throw new AppError('NOT_FOUND', BILLING_MESSAGES.noHistory, { subscriptions: [] })
  const moment = plans.now()
  return { subscriptions: rows.map((row) => toHistoryEntry(row, moment)) }
}

/** GET /subscriptions/status/: the few facts a screen needs to decide what to show. */
export async function subscriptionStatus({ database, plans }: BillingServices, actor: Actor) {
  const standing = await plans.standingOf(actor.userId)
  const subscription = await latestSubscription(database, standing)
  const view = subscription
    ? toSubscriptionView({
        subscription,
        usage: { conversations: 0, messages: 0, tokens: 0, agents: 0, widgets: 0, team_members: 0 },
        mode: plans.mode,
        moment: standing.moment,
      })
    : null
  return {
    status: view?.status ?? 'none',
    subscription_status: standing.live,
    is_trial: view?.is_trial ?? false,
    is_expired: subscription ? !standing.live : false,
    remaining_days: subscription ? remainingDays(subscription, standing.moment) : 0,
    plan_id: subscription?.planId ?? null,
    plan_name: subscription?.plan.name ?? null,
    billing_mode: plans.mode,
    can_answer: standing.live || !standing.enforced,
  }
}
