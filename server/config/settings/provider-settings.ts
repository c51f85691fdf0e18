// The Shopify app, and the plans and payment providers (docs/billing.md). Part of ConfigSchema (config.schemas.ts).
import { z } from 'zod'

export const PROVIDER_SETTINGS = {
  // The Shopify app (embedded admin under /shopify, webhooks, app proxy): on when key and secret are set
  SHOPIFY_API_KEY: z.string().min(1).optional(),
  SHOPIFY_API_SECRET: z.string().min(1).optional(),
  SHOPIFY_SCOPES: z
    .string()
    .regex(/^[a-z_]+(,[a-z_]+)*$/, { error: 'must be comma-separated scopes such as read_products,read_content' })
    .default('read_products,read_content,read_legal_policies,read_orders,write_app_proxy'),

  // Plans and limits (docs/billing.md, decision 028): enforced refuses past a plan's limits and after a trial
  // ends; unlimited only counts. Unset: enforced when a payment provider (Stripe, or the Shopify app and its
  // billing) is configured, else unlimited.
  BILLING_MODE: z.enum(['enforced', 'unlimited'], { error: 'must be enforced or unlimited' }).optional(),
  // Shopify Billing's test charges (development stores cannot be charged for real): passed to every
  // billing call, never left to the library's default (which is test).
  SHOPIFY_BILLING_TEST: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(false),
  // Stripe, for dashboard accounts' payments; the key's presence makes billing enforced by default.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // A Stripe-compatible server instead of api.stripe.com (tests, stripe-mock): http(s)://host:port.
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:12111' })
    .optional(),

  // The operator's Meta app (docs/channels.md): its secret signs every webhook Meta sends; the verify token
  // is what Meta's dashboard is given for the callback's handshake. Without both, the callback answers 503.
  META_APP_SECRET: z.string().min(1).optional(),
  META_VERIFY_TOKEN: z.string().min(1).optional(),
  // Meta's Graph API, for the messaging channels (WhatsApp, Messenger, Instagram: docs/channels.md). The
  // URLs point elsewhere only for tests (a local stand-in); the version is the one every call names.
  META_GRAPH_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://graph.facebook.com'),
  META_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, { error: 'must be a Graph API version such as v23.0' })
    .default('v23.0'),
  INSTAGRAM_GRAPH_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://graph.instagram.com'),
}
