// The settings that go together, checked after each one alone (ConfigSchema's superRefine).
import type { z } from 'zod'

/** What the rules read: the settings that only make sense with others. */
interface SettingsThatGoTogether {
  SHOPIFY_API_KEY?: string
  SHOPIFY_API_SECRET?: string
  GOOGLE_CLIENT_ID?: string
  GOOGLE_CLIENT_SECRET?: string
  GOOGLE_REDIRECT_URI?: string
  STORAGE_DRIVER: string
  S3_ENDPOINT?: string
  S3_BUCKET?: string
  S3_ACCESS_KEY_ID?: string
  S3_SECRET_ACCESS_KEY?: string
  LLM_BASE_URL?: string
  LLM_API_KEY?: string
  RATE_LIMIT_STORE: string
  NODE_ENV: string
  PASSWORD_HASH_COST: string
  REDIS_URL?: string
  STRIPE_SECRET_KEY?: string
  STRIPE_WEBHOOK_SECRET?: string
  SMTP_URL?: string
  PUBLIC_URL?: string
}

export function checkSettingsThatGoTogether(config: SettingsThatGoTogether, context: z.RefinementCtx): void {
  if (Boolean(config.SHOPIFY_API_KEY) !== Boolean(config.SHOPIFY_API_SECRET)) {
    context.addIssue({
      code: 'custom',
      path: ['SHOPIFY_API_KEY'],
      params: { namesItsVariables: true },
      message: 'SHOPIFY_API_KEY and SHOPIFY_API_SECRET go together: set both or neither',
    })
  }
  const google = [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, config.GOOGLE_REDIRECT_URI]
  if (google.some(Boolean) && !google.every(Boolean)) {
    context.addIssue({
      code: 'custom',
      path: ['GOOGLE_CLIENT_ID'],
      params: { namesItsVariables: true },
      message: 'GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REDIRECT_URI go together: set all three or none',
    })
  }
  if (
    config.STORAGE_DRIVER === 's3' &&
    !(config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)
  ) {
    context.addIssue({
      code: 'custom',
      path: ['STORAGE_DRIVER'],
      params: { namesItsVariables: true },
      message: 's3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    })
  }
  if (config.LLM_BASE_URL && config.LLM_BASE_URL.startsWith('https://api.openai.com') && !config.LLM_API_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['LLM_API_KEY'],
      params: { namesItsVariables: true },
      message: 'LLM_BASE_URL https://api.openai.com needs LLM_API_KEY',
    })
  }
  // A key without the webhook's secret would take payments whose subscriptions never arrive.
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    context.addIssue({
      code: 'custom',
      path: ['STRIPE_WEBHOOK_SECRET'],
      params: { namesItsVariables: true },
      message: 'STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the signing secret of the webhook endpoint)',
    })
  }
  // E-mailed links lead to PUBLIC_URL: without it they would name this machine, unreachable to readers.
  if (config.SMTP_URL && !config.PUBLIC_URL) {
    context.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      params: { namesItsVariables: true },
      message: 'SMTP_URL needs PUBLIC_URL (the address the links in e-mails lead to)',
    })
  }
  if (config.PASSWORD_HASH_COST === 'light' && config.NODE_ENV !== 'test') {
    context.addIssue({
      code: 'custom',
      path: ['PASSWORD_HASH_COST'],
      params: { namesItsVariables: true },
      message: 'light is for tests only (NODE_ENV=test)',
    })
  }
  if (config.RATE_LIMIT_STORE === 'redis' && !config.REDIS_URL) {
    context.addIssue({
      code: 'custom',
      path: ['RATE_LIMIT_STORE'],
      params: { namesItsVariables: true },
      message: 'redis needs REDIS_URL',
    })
  }
}
