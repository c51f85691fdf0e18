import { Router, type Request, type RequestHandler } from 'express'
import type Stripe from 'stripe'
import { billingNotifications } from '../billing/billing-notifications.ts'
import { personRequestNotifications } from '../conversations/handoff/person-request-notifications.ts'
import { unreadVisitorNotifications } from '../conversations/unread-visitor-notifications.ts'
import { CancelSubscriptionSchema, CheckoutSessionSchema, UsageHistoryQuerySchema } from '../billing/billing.schemas.ts'
import { cancelSubscription } from '../billing/cancel-subscription.ts'
import { createCheckoutSession, customerPortalUrl } from '../billing/checkout.ts'
import { listPlans } from '../billing/list-plans.ts'
import { requireReturnOrigin } from '../billing/return-origin.ts'
import { startOwnTrial } from '../billing/start-own-trial.ts'
import type { PlanEnforcement } from '../billing/plan-enforcement.ts'
import {
  getUserSubscription,
  readSubscriptionView,
  subscriptionHistory,
  subscriptionStatus,
} from '../billing/read-subscription.ts'
import { readRemainingCredits, readUsageLimits, readUsageSummary } from '../billing/read-usage-limits.ts'
import { readUsageHistory } from '../billing/usage-history.ts'
import type { Database } from '../db/database.ts'
import { actorOf } from './authenticate.ts'

export interface BillingRoutesOptions {
  database: Database
  plans: PlanEnforcement
  /** null without STRIPE_SECRET_KEY: the payment calls answer 503. */
  stripe: Stripe | null
  /** PUBLIC_URL: where users reach this server (return addresses from Stripe must be on it). */
  publicUrl: string | undefined
  /** ALLOWED_HOSTS: without PUBLIC_URL, the Host headers return addresses may be built on. */
  allowedHosts: readonly string[]
  /** SHOPIFY_API_KEY: screens link a merchant to the app's Plans screen in their Shopify admin. */
  shopifyApiKey: string | undefined
  signedIn: RequestHandler
}

/** SPEC section 7, Billing and subscriptions (docs/api/billing.md): /plans/, /subscriptions/ and the header's notifications. */
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** What the owner reads after a cancel: ended now, or the day it ends. */
const cancelMessageOf = ({ immediate, endsAt }: { immediate: boolean; endsAt: Date }) =>
  immediate ? 'Subscription cancelled successfully' : `Your subscription will end on ${longDate.format(endsAt)}.`

export function billingRoutes({
  database,
  plans,
  stripe,
  publicUrl,
  allowedHosts,
  shopifyApiKey,
  signedIn,
}: BillingRoutesOptions): Router {
  const router = Router()
  const services = { database, plans, shopifyApiKey }
  const payments = { database, plans, stripe }
  const serverOrigin = (req: Request) =>
    requireReturnOrigin({
      publicUrl,
      allowedHosts,
      protocol: req.protocol,
      host: req.get('host'),
      localPort: req.socket.localPort,
    })

  router.get('/subscriptions/plans/', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60')
    res.json(await listPlans(database))
  })

  router.get('/plans/get-user-subscription/', signedIn, async (_req, res) => {
    res.json(await getUserSubscription(services, actorOf(res)))
  })
  router.get('/plans/get-user-subscription-history/', signedIn, async (_req, res) => {
    res.json(await subscriptionHistory(services, actorOf(res)))
  })
  // An account that joined through a team invitation starts its own free trial when it wants one.
  router.post('/plans/start-trial/', signedIn, async (_req, res) => {
    res.status(201).json(await startOwnTrial(database, actorOf(res)))
  })
  router.post('/plans/cancel-user-subscription/', signedIn, async (req, res) => {
    const cancelled = await cancelSubscription(payments, actorOf(res), CancelSubscriptionSchema.parse(req.body ?? {}))
    res.json({ message: cancelMessageOf(cancelled), subscription: cancelled.subscription })
  })
  router.post('/plans/create-checkout-session/', signedIn, async (req, res) => {
    res.json(
      await createCheckoutSession(payments, actorOf(res), {
        ...CheckoutSessionSchema.parse(req.body ?? {}),
        serverOrigin: serverOrigin(req),
      }),
    )
  })
  router.get('/plans/get-customer-portal-url/', signedIn, async (req, res) => {
    res.json(await customerPortalUrl(payments, actorOf(res), serverOrigin(req)))
  })

  router.get('/subscriptions/current/', signedIn, async (_req, res) => {
    res.json({ subscription: (await readSubscriptionView(services, actorOf(res))).view })
  })
  router.get('/subscriptions/status/', signedIn, async (_req, res) => {
    res.json(await subscriptionStatus(services, actorOf(res)))
  })
  router.get('/subscriptions/usage/', signedIn, async (_req, res) => {
    res.json(await readUsageSummary(services, actorOf(res)))
  })
  router.get('/subscriptions/usage/limits/', signedIn, async (_req, res) => {
    res.json((await readUsageLimits(services, actorOf(res))).view)
  })
  router.get('/subscriptions/usage/history/', signedIn, async (req, res) => {
    res.json(await readUsageHistory(services, actorOf(res), UsageHistoryQuerySchema.parse(req.query).subscription_id))
  })
  router.get('/subscriptions/credits/remaining/', signedIn, async (_req, res) => {
    res.json(await readRemainingCredits(services, actorOf(res)))
  })
  router.get('/subscriptions/credits/transactions/', signedIn, (_req, res) => {
    res.json({ transactions: [] })
  })

  // The header bell: visitors asking for a person, visitors waiting with unread messages, then what the plan says.
  router.get('/notifications/', signedIn, async (_req, res) => {
    const actor = actorOf(res)
    const [waiting, conversations, billing] = await Promise.all([
      personRequestNotifications(services.database, actor),
      unreadVisitorNotifications(services.database, actor),
      billingNotifications(services, actor),
    ])
    res.json({ notifications: [...waiting, ...conversations, ...billing.notifications] })
  })
  return router
}
