import type Stripe from 'stripe'
import type { Database } from '../../db/database.ts'
import type { Plan, PlanPrice } from '../../db/generated/prisma/client.ts'
import { stripeLookupKeyOf } from './stripe-lookup-key.ts'

/** The plan's Stripe Product: the one stored, or a new one (stored for next time; one per plan, whoever asks first). */
async function ensureStripeProduct(database: Database, stripe: Stripe, { id }: Pick<Plan, 'id'>): Promise<string> {
  const plan = await database.prisma.plan.findUniqueOrThrow({ where: { id } })
  if (plan.providerProductId) return plan.providerProductId
  const product = await stripe.products.create(
    { name: `AgentDesk ${plan.name}`, metadata: { plan_id: String(plan.id) } },
    { idempotencyKey: `agentdesk-product-${plan.id}` },
  )
  await database.prisma.plan.update({ where: { id: plan.id }, data: { providerProductId: product.id } })
  return product.id
}

/**
 * The Stripe Price of one of our prices, found by its lookup key (agentdesk_price_<id>), or created
 * (recurring monthly, in its currency, on its plan's Product) when Stripe has none; its id is stored.
 * A price whose amount changed in our catalogue gets a new Stripe Price, which takes the lookup key over.
 */
export async function ensureStripePrice(
  database: Database,
  stripe: Stripe,
  price: PlanPrice & { plan: Plan },
): Promise<string> {
  const lookupKey = stripeLookupKeyOf(price.id)
  const { data } = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })
  const found = data[0]
  const current =
    found &&
    found.unit_amount === price.amountMinor &&
    found.currency === price.currency.toLowerCase() &&
    found.recurring?.interval === 'month'
      ? found
      : null
  // Two first checkouts of one price at once create one Stripe Price: the second is answered the first's.
  const idempotencyKey = `agentdesk-price-${price.id}-${price.currency}-${price.amountMinor}-${found?.id ?? 'new'}`
  const stripePrice =
    current ??
    (await stripe.prices.create(
      {
        product: await ensureStripeProduct(database, stripe, price.plan),
        currency: price.currency.toLowerCase(),
        unit_amount: price.amountMinor,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        transfer_lookup_key: Boolean(found),
        nickname: `${price.plan.name} (${price.currency})`,
        metadata: { price_id: String(price.id), plan_id: String(price.planId) },
      },
      { idempotencyKey },
    ))
  if (price.providerPriceId !== stripePrice.id)
    await database.prisma.planPrice.update({ where: { id: price.id }, data: { providerPriceId: stripePrice.id } })
  return stripePrice.id
}

/** npm run billing -- sync-stripe: every active price of the catalogue has its Stripe Price; answers what each maps to. */
export async function syncStripeCatalogue(
  database: Database,
  stripe: Stripe,
): Promise<{ priceId: number; stripePriceId: string }[]> {
  const prices = await database.prisma.planPrice.findMany({
    where: { isActive: true, plan: { isActive: true } },
    include: { plan: true },
    orderBy: { id: 'asc' },
  })
  const synced: { priceId: number; stripePriceId: string }[] = []
  for (const price of prices)
    synced.push({ priceId: price.id, stripePriceId: await ensureStripePrice(database, stripe, price) })
  return synced
}
