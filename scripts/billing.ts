// npm run billing -- <command>: the operator's billing commands, on the configured database (PGlite in
// DATA_DIR, or DATABASE_URL). With the embedded database, stop the server first: one process holds it.
//   set-plan --email owner@example.com --plan "Pro 2" --until 2027-12-31   gives an account a plan without payment
//   plans                                                                  lists the catalogue
//   sync-stripe                                                            gives every active price its Stripe Price (by lookup key)
import { parseArgs } from 'node:util'
import { listPlans } from '../server/billing/list-plans.ts'
import { setPlan } from '../server/billing/set-plan.ts'
import { syncStripeCatalogue } from '../server/billing/stripe/ensure-stripe-price.ts'
import { createStripeClient } from '../server/billing/stripe/create-stripe-client.ts'
import { ConfigError, loadConfig } from '../server/config/load-config.ts'
import { createDatabase } from '../server/db/create-database.ts'
import { AppError } from '../server/errors/app-error.ts'

const USAGE = `Usage:
  npm run billing -- set-plan --email <account e-mail> --plan <plan id or name> --until <YYYY-MM-DD or ISO date>
  npm run billing -- plans
  npm run billing -- sync-stripe`

function parseUntil(value: string | undefined): Date {
  const until = value
    ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value)
    : new Date(Number.NaN)
  if (Number.isNaN(until.getTime()))
    throw new AppError('BAD_REQUEST', `--until must be a date such as 2027-12-31 (got ${value ?? 'nothing'}).`)
  return until
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, plan: { type: 'string' }, until: { type: 'string' } },
})
const [command] = positionals
try {
  if (command !== 'set-plan' && command !== 'plans' && command !== 'sync-stripe')
    throw new AppError('BAD_REQUEST', USAGE)
  if (command === 'set-plan' && (!values.email || !values.plan))
    throw new AppError('BAD_REQUEST', `set-plan needs --email, --plan and --until.\n${USAGE}`)
  const until = command === 'set-plan' ? parseUntil(values.until) : null
  const config = loadConfig()
  const stripe = command === 'sync-stripe' ? createStripeClient(config) : null
  if (command === 'sync-stripe' && !stripe) throw new AppError('BAD_REQUEST', 'sync-stripe needs STRIPE_SECRET_KEY.')
  const database = await createDatabase(config)
  try {
    if (stripe) {
      for (const { priceId, stripePriceId } of await syncStripeCatalogue(database, stripe))
        console.log(`price ${priceId} → ${stripePriceId}`)
    } else if (command === 'plans') {
      for (const plan of (await listPlans(database)).plans) {
        const prices = plan.prices
          .map((price) => `${price.amount} ${price.currency} (price ${price.price_id})`)
          .join(', ')
        console.log(
          `${plan.id}  ${plan.name}${plan.is_default ? ' (default)' : ''}: ${prices}; limits ${JSON.stringify(plan.limits)}`,
        )
      }
    } else {
      const { account, subscription } = await setPlan(database, {
        email: values.email as string,
        plan: values.plan as string,
        until: until as Date,
      })
      console.log(
        `${account.email} is on ${subscription.plan.name} until ${subscription.currentPeriodEnd.toISOString()} (subscription ${subscription.id}).`,
      )
    }
  } finally {
    await database.close()
  }
  process.exit(0)
} catch (error) {
  console.error(
    error instanceof AppError
      ? error.detail
      : error instanceof ConfigError || error instanceof Error
        ? error.message
        : error,
  )
  process.exit(error instanceof AppError ? 2 : 1)
}
