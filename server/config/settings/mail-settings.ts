// E-mail (invitations, password resets, address checks and alerts) and outgoing webhooks
// (docs/configuration.md). Part of ConfigSchema (config.schemas.ts). Without SMTP_URL nothing is sent:
// each e-mail is written to the log.
import { z } from 'zod'
import { wholeNumberFromEnv } from './env-values.ts'

export const MAIL_SETTINGS = {
  // smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://user:pass@host:465
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com:465',
    })
    .optional(),
  // The sender, e.g. AgentDesk <no-reply@chat.example.com>; by default no-reply@ the PUBLIC_URL's host
  MAIL_FROM: z
    .string()
    .max(200)
    .refine((sender) => z.email().safeParse(sender.match(/<([^<>]+)>\s*$/)?.[1] ?? sender.trim()).success, {
      error: 'must be an address, or a name and an address such as AgentDesk <no-reply@chat.example.com>',
    })
    .optional(),
  // How often a worker looks for plan alerts to e-mail (usage at 80 % and 100 %, a trial ending or ended, a failed payment)
  EMAIL_ALERT_CHECK_SECONDS: wholeNumberFromEnv
    .pipe(
      z
        .number()
        .min(10, { error: 'must be between 10 and 86400' })
        .max(86_400, { error: 'must be between 10 and 86400' }),
    )
    .default(300),
  // How long a webhook receiver has to answer one delivery before the attempt counts as failed (and is retried)
  WEBHOOK_TIMEOUT_MS: wholeNumberFromEnv
    .pipe(
      z
        .number()
        .min(100, { error: 'must be between 100 and 60000' })
        .max(60_000, { error: 'must be between 100 and 60000' }),
    )
    .default(10_000),
  // A conversation without a message for this long is completed (the conversation.completed webhook)
  CONVERSATION_IDLE_MINUTES: wholeNumberFromEnv
    .pipe(
      z.number().min(1, { error: 'must be between 1 and 10080' }).max(10_080, { error: 'must be between 1 and 10080' }),
    )
    .default(30),
}
