// E-mail: invitations, password resets, address checks and alerts (docs/configuration.md). Part of
// ConfigSchema (config.schemas.ts). Without SMTP_URL nothing is sent: each e-mail is written to the log.
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
}
