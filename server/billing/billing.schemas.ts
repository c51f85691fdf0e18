import { z } from 'zod'
import { isCountryCode } from './country-codes.ts'

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
  error: 'immediate must be true or false',
})

// Any id that names none of the account's subscriptions, malformed or not, answers 404 Subscription not found (SPEC section 8).
const subscriptionId = z
  .string({ error: 'Subscription not found' })
  .trim()
  .max(100, { error: 'Subscription not found' })

export const CancelSubscriptionSchema = z.strictObject({
  subscription_id: subscriptionId,
  immediate: flag.default(false),
})

const REQUIRED = 'Please fill in all required fields'
const requiredText = (max: number, field: string) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(max, { error: `${field} must be at most ${max} characters.` })
const optionalText = (max: number, field: string) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters.` })
    .default('')

/**
 * SPEC section 3's customer information, sent with the checkout: who the Stripe customer is (name,
 * e-mail, phone, company, address). First name, last name and e-mail are required; the rest may be
 * empty; the country is an ISO 3166-1 alpha-2 code, as Stripe's addresses take it.
 */
export const CheckoutCustomerSchema = z.strictObject({
  first_name: requiredText(100, 'First name'),
  last_name: requiredText(100, 'Last name'),
  email: requiredText(254, 'Email').pipe(z.email({ error: 'Please enter a valid email address' })),
  phone: optionalText(20, 'Phone').refine((phone) => /^(\+?[\d\s().-]*\d[\d\s().-]*)?$/.test(phone), {
    error: 'Please enter a valid phone number',
  }),
  company: optionalText(200, 'Company'),
  address: optionalText(200, 'Address'),
  city: optionalText(100, 'City'),
  country: optionalText(60, 'Country')
    .transform((country) => country.toUpperCase())
    .refine((country) => country === '' || isCountryCode(country), { error: 'Please choose a country from the list' }),
})
export type CheckoutCustomer = z.infer<typeof CheckoutCustomerSchema>

export const CheckoutSessionSchema = z.strictObject({
  price_id: z.coerce
    .number({ error: 'Price not available for selected currency' })
    .int({ error: 'Price not available for selected currency' })
    .positive({ error: 'Price not available for selected currency' }),
  success_url: z.string().max(2_000).optional(),
  cancel_url: z.string().max(2_000).optional(),
  /** The customer information screen's details; the Stripe customer takes them. */
  customer: CheckoutCustomerSchema.optional(),
})

export const UsageHistoryQuerySchema = z.object({
  subscription_id: subscriptionId.optional(),
})

// The answers (docs/api/billing.md), beside the requests: the server's views are typed by them and the
// dashboard imports their types.

/** The six limits of a plan, keyed as the API keys them; -1 means unlimited. */
export const LIMIT_NAMES = ['conversations', 'messages', 'tokens', 'widgets', 'team_members', 'agents'] as const
export type LimitName = (typeof LIMIT_NAMES)[number]
const PlanLimitsSchema = z.strictObject({
  conversations: z.number(),
  messages: z.number(),
  tokens: z.number(),
  widgets: z.number(),
  team_members: z.number(),
  agents: z.number(),
})
export type PlanLimits = z.infer<typeof PlanLimitsSchema>

const PlanPriceSchema = z.strictObject({
  price_id: z.number(),
  currency: z.string(),
  amount: z.number(),
  amount_minor: z.number(),
})
export type PlanPrice = z.infer<typeof PlanPriceSchema>

const PlanSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  tier: z.string(),
  description: z.string().nullable(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  credits_per_month: z.number(),
  features: z.strictObject({
    max_conversations: z.number(),
    max_messages_per_day: z.number(),
    features: z.array(z.string()),
  }),
  is_active: z.boolean(),
  is_default: z.boolean(),
  is_most_popular: z.boolean(),
  prices: z.array(PlanPriceSchema),
  limits: PlanLimitsSchema,
})
export type Plan = z.infer<typeof PlanSchema>

/** GET /subscriptions/plans/ */
export const PlanCatalogueSchema = z.strictObject({
  plans: z.array(PlanSchema),
  default_plan_id: z.number().nullable(),
  currencies: z.array(z.string()),
})
export type PlanCatalogue = z.infer<typeof PlanCatalogueSchema>

/** incomplete: a checkout that has not finished (payments). */
const SUBSCRIPTION_STATUSES = ['incomplete', 'trialing', 'active', 'past_due', 'cancelled', 'expired'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]
export type BillingMode = 'enforced' | 'unlimited'

/** SPEC section 3's Subscription: GET /plans/get-user-subscription/ and the /subscriptions/ readings. */
export const SubscriptionSchema = z.strictObject({
  subscription_id: z.string(),
  plan_id: z.number(),
  plan_name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  subscription_status: z.boolean(),
  is_trial: z.boolean(),
  is_expired: z.boolean(),
  provider: z.string(),
  cancel_at_period_end: z.boolean(),
  subscription_start_date: z.string(),
  subscription_end_date: z.string(),
  subscription_updated_at: z.string(),
  remaining_days: z.number(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  tokens_usage: z.number(),
  conversations_usage: z.number(),
  messages_usage: z.number(),
  agents_created: z.number(),
  widgets_created: z.number(),
  team_members_created: z.number(),
  /** The plan's limits by name (-1 unlimited), with the SPEC's aliases beside them. */
  features_limit: z.record(z.string(), z.number()),
  billing_mode: z.enum(['enforced', 'unlimited']),
  /** A Shopify merchant's plan is chosen and paid in their Shopify admin: the app's Plans screen there; null otherwise. */
  managed_in_shopify: z.string().nullable().optional(),
})
export type Subscription = z.infer<typeof SubscriptionSchema>

export const SubscriptionHistoryEntrySchema = z.strictObject({
  subscription_id: z.string(),
  plan_id: z.number(),
  plan_name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  cancelled_at: z.string().nullable(),
})
export type SubscriptionHistoryEntry = z.infer<typeof SubscriptionHistoryEntrySchema>

/** POST /plans/cancel-user-subscription/ */
export const CancelledSubscriptionSchema = z.strictObject({ message: z.string(), subscription: SubscriptionSchema })

/** POST /plans/create-checkout-session/ */
export const CheckoutAnswerSchema = z.strictObject({ checkout_url: z.string() })

/** GET /plans/get-customer-portal-url/ */
export const PortalAnswerSchema = z.strictObject({ customer_portal_url: z.string() })
export type PortalAnswer = z.infer<typeof PortalAnswerSchema>

/** The body of a 402 (and of a chat stream's error event): a limit reached, or no live trial or subscription. */
export const PlanRefusalSchema = z.object({
  error: z.enum(['PLAN_LIMIT_REACHED', 'SUBSCRIPTION_INACTIVE']),
  message: z.string(),
  limit: z.number().optional(),
  used: z.number().optional(),
  metric: z.string().optional(),
  plan_name: z.string().optional(),
  /** Where the dashboard offers to upgrade (/app/payment); null when the plan is the account owner's, not the user's. */
  upgrade_url: z.string().nullable(),
})
export type PlanRefusal = z.infer<typeof PlanRefusalSchema>

/** A line of the header's bell (GET /notifications/): usage, trial, subscription or waiting conversations. */
const BillingNotificationSchema = z.strictObject({
  id: z.string(),
  kind: z.string(),
  level: z.string(),
  title: z.string(),
  message: z.string(),
  action_url: z.string().nullable(),
  metric: z.string().optional(),
  percent: z.number().optional(),
  /** How many waiting conversations one line stands for (the bell's number counts each). */
  count: z.number().optional(),
})
export type BillingNotification = z.infer<typeof BillingNotificationSchema>
export const NotificationListSchema = z.strictObject({ notifications: z.array(BillingNotificationSchema) })
