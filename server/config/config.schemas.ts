// The environment the server reads, parsed once at start-up. Add a variable here and in the README table.
import { z } from 'zod'

// Digits only: Number(' ') is 0 and Number('0x50') is 80, neither of which anyone meant.
const wholeNumberFromEnv = z.string().regex(/^\d+$/, { error: 'must be a whole number' }).transform(Number)

function isOrigin(value: string) {
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}

// Comma-separated CIDRs such as 127.0.0.1/32, 10.0.0.0/8 or ::1/128.
function originListFromEnvFree() {
  return z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((cidrs) => cidrs.every((cidr) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(cidr)), {
      error: 'must be CIDRs such as 127.0.0.1/32, separated by commas',
    })
}

const originListFromEnv = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().replace(/\/$/, ''))
      .filter(Boolean),
  )
  .refine((origins) => origins.every(isOrigin), {
    error: 'must be origins such as https://app.example.com, separated by commas',
  })

const optionalUrl = (example: string) =>
  z.url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` }).optional()

export const ConfigSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: wholeNumberFromEnv.pipe(z.number().max(65535, { error: 'must be between 0 and 65535' })).default(3000),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://chat.example.com' })
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    // Where the built dashboard is read from (npm run build writes dist/dashboard)
    DASHBOARD_DIR: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
      .optional(),
    // PGlite keeps shared_buffers inside its WASM memory, so it counts fully towards the process's RSS;
    // the operating system still caches the data files, so a small buffer costs little speed.
    EMBEDDED_DB_SHARED_BUFFERS: z
      .string()
      .regex(/^\d+(kB|MB|GB)$/, { error: 'must look like 32MB (units kB, MB, GB)' })
      .default('32MB'),
    DATABASE_POOL_SIZE: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be between 1 and 100' }).max(100, { error: 'must be between 1 and 100' }))
      .default(10),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    CORS_ORIGINS: originListFromEnv.default([]),
    JSON_BODY_LIMIT: z
      .string()
      .regex(/^\d+(b|kb|mb)$/i, { error: 'must look like 100kb or 1mb' })
      .default('1mb'),
    // Which proxies may tell the client's address in X-Forwarded-For: false, a number of hops in front of
    // the server, or their subnets ('loopback, 10.0.0.0/8'). 'true' is refused: it would trust any hop,
    // so a client could claim any address and slip past per-IP limits.
    TRUST_PROXY: z
      .string()
      .refine((value) => value !== 'true', {
        error: 'must be false, a number of proxy hops, or trusted subnets (true would let clients spoof their address)',
      })
      .transform((value): boolean | number | string[] => {
        if (value === 'false' || value === '0') return false
        if (/^\d+$/.test(value)) return Number(value)
        return value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      })
      .default(false),
    SHUTDOWN_TIMEOUT_MS: wholeNumberFromEnv
      .pipe(
        z
          .number()
          .min(100, { error: 'must be between 100 and 600000' })
          .max(600_000, { error: 'must be between 100 and 600000' }),
      )
      .default(10_000),
    SECRET_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),

    // Sessions
    ACCESS_TOKEN_TTL_SECONDS: wholeNumberFromEnv
      .pipe(
        z
          .number()
          .min(60, { error: 'must be between 60 and 86400' })
          .max(86_400, { error: 'must be between 60 and 86400' }),
      )
      .default(900),
    REFRESH_TOKEN_TTL_SECONDS: wholeNumberFromEnv
      .pipe(
        z
          .number()
          .min(3_600, { error: 'must be between 3600 and 31536000' })
          .max(31_536_000, { error: 'must be between 3600 and 31536000' }),
      )
      .default(2_592_000),
    SESSION_MAX_AGE_SECONDS: wholeNumberFromEnv
      .pipe(
        z
          .number()
          .min(3_600, { error: 'must be between 3600 and 31536000' })
          .max(31_536_000, { error: 'must be between 3600 and 31536000' }),
      )
      .default(7_776_000),

    // Google sign-in (all three of id, secret and redirect URI, or none)
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_REDIRECT_URI: optionalUrl('https://chat.example.com/auth'),
    GOOGLE_AUTHORIZATION_URL: z.url({ error: 'must be a URL' }).default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url({ error: 'must be a URL' }).default('https://oauth2.googleapis.com/token'),
    GOOGLE_JWKS_URL: z.url({ error: 'must be a URL' }).default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com'),

    // The Shopify app (embedded admin under /shopify, webhooks, app proxy): on when key and secret are set
    SHOPIFY_API_KEY: z.string().min(1).optional(),
    SHOPIFY_API_SECRET: z.string().min(1).optional(),
    SHOPIFY_SCOPES: z
      .string()
      .regex(/^[a-z_]+(,[a-z_]+)*$/, { error: 'must be comma-separated scopes such as read_products,read_content' })
      .default('read_products,read_content,read_legal_policies,write_app_proxy'),

    // Files: a folder under DATA_DIR, or an S3-compatible bucket
    STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    S3_ENDPOINT: optionalUrl('https://s3.eu-central-1.amazonaws.com'),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),

    // Abuse control on sign-in, sign-up, refresh and Google sign-in
    RATE_LIMIT_STORE: z
      .enum(['memory', 'database', 'redis'], { error: 'must be memory, database or redis' })
      .default('memory'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
      .optional(),
    // Several deployments may share one Redis: each counts under its own name.
    RATE_LIMIT_NAMESPACE: z
      .string()
      .regex(/^[a-z0-9_-]{1,40}$/, { error: 'must be 1 to 40 of a-z, 0-9, _ and -' })
      .default('agentdesk'),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be at least 1' }))
      .default(900),
    AUTH_RATE_LIMIT_PER_IP: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(100),
    AUTH_RATE_LIMIT_PER_ACCOUNT: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be at least 1' }))
      .default(10),
    // Password sign-in (decision 026): free wrong passwords per account and address, then waits doubling
    // from 1 s up to the cap; and a ceiling of wrong passwords per account from all addresses together.
    AUTH_SIGN_IN_FREE_FAILURES: wholeNumberFromEnv
      .pipe(z.number().max(1_000, { error: 'must be between 0 and 1000' }))
      .default(5),
    AUTH_SIGN_IN_MAX_WAIT_SECONDS: wholeNumberFromEnv
      .pipe(
        z
          .number()
          .min(1, { error: 'must be between 1 and 86400' })
          .max(86_400, { error: 'must be between 1 and 86400' }),
      )
      .default(900),
    AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be at least 1' }))
      .default(300),

    // Knowledge: chunking, embeddings (any OpenAI-compatible endpoint; none configured: full-text search only)
    CHUNK_SIZE: wholeNumberFromEnv
      .pipe(
        z
          .number()
          .min(200, { error: 'must be between 200 and 8000' })
          .max(8_000, { error: 'must be between 200 and 8000' }),
      )
      .default(1_000),
    CHUNK_OVERLAP: wholeNumberFromEnv.pipe(z.number().max(2_000, { error: 'must be at most 2000' })).default(150),
    EMBEDDINGS_BASE_URL: optionalUrl('https://api.openai.com/v1'),
    EMBEDDINGS_API_KEY: z.string().min(1).optional(),
    EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
    EMBEDDING_DIMENSIONS: wholeNumberFromEnv.pipe(z.number().min(8).max(8_192)).optional(),
    EMBEDDING_BATCH_SIZE: wholeNumberFromEnv
      .pipe(
        z.number().min(1, { error: 'must be between 1 and 2048' }).max(2_048, { error: 'must be between 1 and 2048' }),
      )
      .default(64),

    // Answering: any OpenAI-compatible chat endpoint (none configured: the offline answerer replies from the sources)
    LLM_BASE_URL: optionalUrl('https://api.openai.com/v1'),
    LLM_API_KEY: z.string().min(1).optional(),
    LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
    LLM_TEMPERATURE: z
      .string()
      .regex(/^\d+(\.\d+)?$/, { error: 'must be a number between 0 and 2' })
      .transform(Number)
      .pipe(z.number().max(2, { error: 'must be a number between 0 and 2' }))
      .default(0.2),
    LLM_MAX_TOKENS: wholeNumberFromEnv
      .pipe(
        z
          .number()
          .min(16, { error: 'must be between 16 and 32000' })
          .max(32_000, { error: 'must be between 16 and 32000' }),
      )
      .default(800),
    LLM_TIMEOUT_MS: wholeNumberFromEnv
      .pipe(
        z
          .number()
          .min(100, { error: 'must be between 100 and 600000' })
          .max(600_000, { error: 'must be between 100 and 600000' }),
      )
      .default(60_000),
    CHAT_RATE_LIMIT_PER_MINUTE: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(30),
    // The public widget: visitor tokens, limits and a daily token budget per integration
    WIDGET_TOKEN_TTL_SECONDS: wholeNumberFromEnv
      .pipe(
        z
          .number()
          .min(60, { error: 'must be between 60 and 3600' })
          .max(3_600, { error: 'must be between 60 and 3600' }),
      )
      .default(900),
    WIDGET_SESSION_DAYS: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be between 1 and 365' }).max(365, { error: 'must be between 1 and 365' }))
      .default(30),
    WIDGET_SESSIONS_PER_IP_PER_HOUR: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be at least 1' }))
      .default(30),
    WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be at least 1' }))
      .default(10),
    WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be at least 1' }))
      .default(120),
    WIDGET_DAILY_TOKEN_BUDGET: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be at least 1' }))
      .default(500_000),
    // Retrieval: passages given to the answer, and how similar a passage must be to count (vectors)
    RETRIEVAL_TOP_K: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be between 1 and 20' }).max(20, { error: 'must be between 1 and 20' }))
      .default(6),
    RETRIEVAL_MIN_SIMILARITY: z
      .string()
      .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { error: 'must be a number between 0 and 1' })
      .transform(Number)
      .default(0.3),
    VECTOR_CACHE_MB: wholeNumberFromEnv.default(256),

    // Crawling: networks beyond the public internet the crawler may reach (CIDRs; none by default)
    CRAWLER_ALLOWED_NETWORKS: originListFromEnvFree().default([]),
    CRAWL_DELAY_MS: wholeNumberFromEnv.pipe(z.number().max(60_000, { error: 'must be at most 60000' })).default(500),
    CRAWL_TIMEOUT_MS: wholeNumberFromEnv
      .pipe(
        z
          .number()
          .min(1_000, { error: 'must be between 1000 and 120000' })
          .max(120_000, { error: 'must be between 1000 and 120000' }),
      )
      .default(15_000),
    CRAWL_PAGE_MAX_BYTES: wholeNumberFromEnv
      .pipe(z.number().min(10_000, { error: 'must be at least 10000' }))
      .default(5 * 1024 * 1024),
    CRAWL_USER_AGENT: z.string().min(3).default('AgentDeskBot/1.0'),

    // Reading uploaded documents: each file in a worker thread of its own, within these limits; a file over
    // one fails with the reason on its first attempt instead of taking the server's memory or time.
    EXTRACT_THREADS: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be between 1 and 64' }).max(64, { error: 'must be between 1 and 64' }))
      .default(3),
    EXTRACT_MEMORY_MB: wholeNumberFromEnv
      .pipe(
        z
          .number()
          .min(16, { error: 'must be between 16 and 16384' })
          .max(16_384, { error: 'must be between 16 and 16384' }),
      )
      .default(512),
    EXTRACT_TIMEOUT_SECONDS: wholeNumberFromEnv
      .pipe(
        z.number().min(1, { error: 'must be between 1 and 3600' }).max(3_600, { error: 'must be between 1 and 3600' }),
      )
      .default(120),
    EXTRACT_MAX_EXPANDED_MB: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(100),
    EXTRACT_MAX_PAGES: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(5_000),
    EXTRACT_MAX_ROWS: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(1_000_000),
    EXTRACT_MAX_TEXT_MB: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(150),

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

    // Durable jobs: a worker inside the server, and/or separate `npm run worker` processes
    WORKER_IN_SERVER: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .transform((value) => value === 'true')
      .default(true),
    WORKER_CONCURRENCY: wholeNumberFromEnv
      .pipe(z.number().min(1, { error: 'must be between 1 and 16' }).max(16, { error: 'must be between 1 and 16' }))
      .default(2),
    JOB_POLL_MS: wholeNumberFromEnv.pipe(z.number().min(10, { error: 'must be at least 10' })).default(1_000),
  })
  .superRefine((config, context) => {
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
    if (config.RATE_LIMIT_STORE === 'redis' && !config.REDIS_URL) {
      context.addIssue({
        code: 'custom',
        path: ['RATE_LIMIT_STORE'],
        params: { namesItsVariables: true },
        message: 'redis needs REDIS_URL',
      })
    }
  })

export type Config = z.infer<typeof ConfigSchema>
