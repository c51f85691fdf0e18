// Answering: the chat model, the chat calls' rate, and the public widget. Part of ConfigSchema (config.schemas.ts).
import { z } from 'zod'
import { optionalUrl, wholeNumberFromEnv } from './env-values.ts'

export const ANSWERING_SETTINGS = {
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
      z.number().min(60, { error: 'must be between 60 and 3600' }).max(3_600, { error: 'must be between 60 and 3600' }),
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
}
