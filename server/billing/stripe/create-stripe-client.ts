import Stripe from 'stripe'
import type { Config } from '../../config/config.schemas.ts'

/** The Stripe client of this server, or null without STRIPE_SECRET_KEY (payments then answer 503). */
export function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null
  // STRIPE_API_URL points the official client at a Stripe-compatible server (the tests' fake, stripe-mock).
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'AgentDesk' },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  })
}
