// The process, its database, its HTTP edge, files and durable jobs. Part of ConfigSchema (config.schemas.ts).
import { z } from 'zod'
import { hostListFromEnv, optionalUrl, originListFromEnv, wholeNumberFromEnv } from './env-values.ts'

export const SERVER_SETTINGS = {
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: wholeNumberFromEnv.pipe(z.number().max(65535, { error: 'must be between 0 and 65535' })).default(3000),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://chat.example.com' })
    .optional(),
  // Without PUBLIC_URL, the Host headers this server answers to where it builds an address of its own
  // (payment return addresses); with neither, only localhost on the server's own port.
  ALLOWED_HOSTS: hostListFromEnv.default([]),
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
  // Listening sockets on PORT (listen-on-sockets.ts): a busy process takes a burst of new connections
  // this many at a time instead of one per turn of its event loop.
  ACCEPT_SOCKETS: wholeNumberFromEnv
    .pipe(z.number().min(1, { error: 'must be between 1 and 64' }).max(64, { error: 'must be between 1 and 64' }))
    .default(8),
  SECRET_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),

  // Files: a folder under DATA_DIR, or an S3-compatible bucket
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: optionalUrl('https://s3.eu-central-1.amazonaws.com'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),

  // Durable jobs: a worker inside the server, and/or separate `npm run worker` processes
  WORKER_IN_SERVER: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(true),
  WORKER_CONCURRENCY: wholeNumberFromEnv
    .pipe(z.number().min(1, { error: 'must be between 1 and 16' }).max(16, { error: 'must be between 1 and 16' }))
    .default(2),
  JOB_POLL_MS: wholeNumberFromEnv.pipe(z.number().min(10, { error: 'must be at least 10' })).default(1_000),
}
