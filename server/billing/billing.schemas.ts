import { z } from 'zod'

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
  error: 'immediate must be true or false',
})

// Any id that names none of the account's subscriptions, malformed or not, answers 404 Subscription not found (SPEC section 8).
const subscriptionId = z
  .string({ error: 'Subscription not found' })
  .trim()
  .max(100, { error: 'Subscription not found' })

export const CancelSubscriptionSchema = z.object({
  subscription_id: subscriptionId,
  immediate: flag.default(false),
})

export const CheckoutSessionSchema = z.object({
  price_id: z.coerce
    .number({ error: 'Price not available for selected currency' })
    .int({ error: 'Price not available for selected currency' })
    .positive({ error: 'Price not available for selected currency' }),
  success_url: z.string().max(2_000).optional(),
  cancel_url: z.string().max(2_000).optional(),
})

export const UsageHistoryQuerySchema = z.object({
  subscription_id: subscriptionId.optional(),
})
