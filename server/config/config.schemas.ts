// The environment the server reads, parsed once at start-up. Add a variable here and in the README table.
import { z } from 'zod'

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

// Digits only: Number(' ') is 0 and Number('0x50') is 80, neither of which anyone meant.
const wholeNumberFromEnv = z.string().regex(/^\d+$/, { error: 'must be a whole number' }).transform(Number)

function isOrigin(value: string) {
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}

const originListFromEnv = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim().replace(/\/$/, '')).filter(Boolean))
  .refine((origins) => origins.every(isOrigin), { error: 'must be origins such as https://app.example.com, separated by commas' })

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: wholeNumberFromEnv.pipe(z.number().max(65535, { error: 'must be between 0 and 65535' })).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://chat.example.com' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  // PGlite keeps shared_buffers inside its WASM memory, so it counts fully towards the process's RSS;
  // the operating system still caches the data files, so a small buffer costs little speed.
  EMBEDDED_DB_SHARED_BUFFERS: z.string().regex(/^\d+(kB|MB|GB)$/, { error: 'must look like 32MB (units kB, MB, GB)' }).default('32MB'),
  DATABASE_POOL_SIZE: wholeNumberFromEnv.pipe(z.number().min(1, { error: 'must be between 1 and 100' }).max(100, { error: 'must be between 1 and 100' })).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'must be one of fatal, error, warn, info, debug, trace, silent',
  }).default('info'),
  CORS_ORIGINS: originListFromEnv.default([]),
  JSON_BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i, { error: 'must look like 100kb or 1mb' }).default('1mb'),
  TRUST_PROXY: booleanFromEnv.default(false),
  SHUTDOWN_TIMEOUT_MS: wholeNumberFromEnv
    .pipe(z.number().min(100, { error: 'must be between 100 and 600000' }).max(600_000, { error: 'must be between 100 and 600000' }))
    .default(10_000),
  SECRET_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
})

export type Config = z.infer<typeof ConfigSchema>
export type ConfigInput = Partial<Record<keyof Config, string>>
