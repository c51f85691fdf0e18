import Stripe from 'stripe'
import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { CheckoutCustomer } from './billing.schemas.ts'
import type { PlanEnforcement } from './plan-enforcement.ts'
import { ensureStripePrice } from './stripe/ensure-stripe-price.ts'

export const PAYMENTS_NOT_SET_UP = 'Payments are not set up on this server.'
const PRICE_NOT_AVAILABLE = 'Price not available for selected currency'
export const MANAGED_IN_SHOPIFY = 'Your plan is managed in your Shopify admin: open AgentDesk there to change it.'
const CHANGE_IN_PORTAL = 'You already pay for a plan: change it with Manage Billing.'
const NOT_OUR_ADDRESS = 'The return addresses must be pages of this site.'
const NO_BILLING_ACCOUNT = 'There is no billing account yet: choose a plan first.'
const PROVIDER_FAILED = 'The payment provider could not be reached. Please try again.'

/** Stripe's own failures (down, refusing our request) as a 502 the user can act on; ours pass through. */
export async function askStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new AppError('UPSTREAM_FAILED', PROVIDER_FAILED, { provider_error: error.type })
    throw error
  }
}

/** What payments need: the database, the plans, the Stripe client (null without STRIPE_SECRET_KEY). */
export interface PaymentServices {
  database: Database
  plans: PlanEnforcement
  stripe: Stripe | null
}

/** Stripe, for an account that pays by card: 409 for a Shopify merchant (Shopify bills them), else 503 without it. */
async function stripeFor({ database, stripe }: PaymentServices, actor: Actor): Promise<Stripe> {
  if (await database.prisma.shopifyShop.findFirst({ where: { accountId: actor.userId }, select: { id: true } }))
    throw new AppError('CONFLICT', MANAGED_IN_SHOPIFY, { managed_by: 'shopify' })
  if (!stripe) throw new AppError('SERVICE_UNAVAILABLE', PAYMENTS_NOT_SET_UP)
  return stripe
}

/** The account's Stripe Customer: the one stored, or a new one (one per account, whichever request makes it first). */
async function ensureStripeCustomer(database: Database, stripe: Stripe, actor: Actor): Promise<string> {
  const account = await database.prisma.user.findUniqueOrThrow({
    where: { id: actor.userId },
    select: { email: true, fullName: true, stripeCustomerId: true },
  })
  if (account.stripeCustomerId) return account.stripeCustomerId
  const customer = await stripe.customers.create(
    { email: account.email, name: account.fullName, metadata: { account_id: actor.userId } },
    { idempotencyKey: `agentdesk-customer-${actor.userId}` },
  )
  await database.prisma.user.updateMany({
    where: { id: actor.userId, stripeCustomerId: null },
    data: { stripeCustomerId: customer.id },
  })
  return (
    (await database.prisma.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { stripeCustomerId: true } }))
      .stripeCustomerId ?? customer.id
  )
}

/**
 * The customer information screen's details on the account's Stripe Customer, so receipts, invoices and
 * the billing portal name the person and address the owner gave; fields left empty keep what Stripe has.
 */
function customerUpdateOf(details: CheckoutCustomer): Stripe.CustomerUpdateParams {
  const address = {
    ...(details.address ? { line1: details.address } : {}),
    ...(details.city ? { city: details.city } : {}),
    ...(details.country ? { country: details.country } : {}),
  }
  return {
    name: `${details.first_name} ${details.last_name}`,
    email: details.email,
    ...(details.phone ? { phone: details.phone } : {}),
    ...(details.company ? { business_name: details.company } : {}),
    ...(Object.keys(address).length > 0 ? { address } : {}),
  }
}

/** A return address given by the client, which must be on this server (no open redirect through Stripe), or this server's default page. */
function returnAddress(given: string | undefined, serverOrigin: string, fallbackPath: string): string {
  if (!given) return `${serverOrigin}${fallbackPath}`
  let url: URL
  try {
    url = new URL(given)
  } catch {
    throw new AppError('BAD_REQUEST', NOT_OUR_ADDRESS)
  }
  if (url.origin !== serverOrigin) throw new AppError('BAD_REQUEST', NOT_OUR_ADDRESS)
  return url.toString()
}

export interface CheckoutRequest {
  price_id: number
  success_url?: string | undefined
  cancel_url?: string | undefined
  /** Who pays: written on the Stripe Customer before the session is made. */
  customer?: CheckoutCustomer | undefined
  /** This server's origin, as its users reach it (PUBLIC_URL, else the request's own). */
  serverOrigin: string
}

/**
 * POST /plans/create-checkout-session/: a Stripe Checkout Session in subscription mode for one of the
 * catalogue's active prices, for the account's Stripe Customer (made on first use), marked with the
 * account (client_reference_id, metadata) so the webhook knows whose payment it is, with the customer
 * information given written on that Customer. An account already paying changes plan in the billing
 * portal instead.
 */
export async function createCheckoutSession(
  services: PaymentServices,
  actor: Actor,
  { price_id, success_url, cancel_url, customer: details, serverOrigin }: CheckoutRequest,
): Promise<{ checkout_url: string }> {
  const { database, plans } = services
  // Who pays where comes first: a merchant (Shopify) or a server without Stripe is told so, whatever the price.
  const stripe = await stripeFor(services, actor)
  const price = await database.prisma.planPrice.findFirst({
    where: { id: price_id, isActive: true, plan: { isActive: true } },
    include: { plan: true },
  })
  if (!price) throw new AppError('BAD_REQUEST', PRICE_NOT_AVAILABLE)
  const urls = {
    success_url: returnAddress(success_url, serverOrigin, '/app/payment-success'),
    cancel_url: returnAddress(cancel_url, serverOrigin, '/app/payment-cancel'),
  }
  const standing = await plans.standingOf(actor.userId)
  if (standing.live && standing.subscription?.provider === 'stripe')
    throw new AppError('CONFLICT', CHANGE_IN_PORTAL, { portal: true })
  const metadata = { account_id: actor.userId, plan_id: String(price.planId), price_id: String(price.id) }
  const session = await askStripe(async () => {
    const customer = await ensureStripeCustomer(database, stripe, actor)
    if (details) await stripe.customers.update(customer, customerUpdateOf(details))
    return stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: actor.userId,
      line_items: [{ price: await ensureStripePrice(database, stripe, price), quantity: 1 }],
      ...urls,
      metadata,
      subscription_data: { metadata },
    })
  })
  if (!session.url) throw new AppError('UPSTREAM_FAILED', 'Failed to create payment session')
  return { checkout_url: session.url }
}

/** GET /plans/get-customer-portal-url/: Stripe's billing portal for the account, coming back to Usage & Plan. */
export async function customerPortalUrl(
  services: PaymentServices,
  actor: Actor,
  serverOrigin: string,
): Promise<{ customer_portal_url: string }> {
  const stripe = await stripeFor(services, actor)
  const account = await services.database.prisma.user.findUniqueOrThrow({
    where: { id: actor.userId },
    select: { stripeCustomerId: true },
  })
  if (!account.stripeCustomerId) throw new AppError('NOT_FOUND', NO_BILLING_ACCOUNT)
  const customer = account.stripeCustomerId
  const session = await askStripe(() =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${serverOrigin}/app/usage` }),
  )
  return { customer_portal_url: session.url }
}
