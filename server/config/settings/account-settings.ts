// Sessions, Google sign-in, and the limits on sign-in and other abuse. Part of ConfigSchema (config.schemas.ts).
import { z } from 'zod'
import { optionalUrl, wholeNumberFromEnv } from './env-values.ts'

export const ACCOUNT_SETTINGS = {
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

  // argon2id's cost for new password hashes: standard (64 MiB, 3 passes); light (8 MiB, 1 pass) only with
  // NODE_ENV=test, where hundreds of sign-ups would otherwise spend most of the suite's time hashing.
  PASSWORD_HASH_COST: z.enum(['standard', 'light'], { error: 'must be standard or light' }).default('standard'),

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
  AUTH_RATE_LIMIT_PER_ACCOUNT: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(10),
  // Calls per API key per minute (server-to-server use of the agents, knowledge and conversations calls).
  API_KEY_REQUESTS_PER_MINUTE: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be at least 1' })).default(120),
  // Password sign-in (decision 026): free wrong passwords per account and address, then waits doubling
  // from 1 s up to the cap; and a ceiling of wrong passwords per account from all addresses together.
  AUTH_SIGN_IN_FREE_FAILURES: wholeNumberFromEnv
    .pipe(z.number().max(1_000, { error: 'must be between 0 and 1000' }))
    .default(5),
  AUTH_SIGN_IN_MAX_WAIT_SECONDS: wholeNumberFromEnv
    .pipe(
      z.number().min(1, { error: 'must be between 1 and 86400' }).max(86_400, { error: 'must be between 1 and 86400' }),
    )
    .default(900),
  AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: wholeNumberFromEnv
    .pipe(z.number().min(1, { error: 'must be at least 1' }))
    .default(300),
}
