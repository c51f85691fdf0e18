// "Forgot password?": the request only queues a job, so its answer and its timing are the same whether or
// not the address has an account; the job looks the address up and, for an account, e-mails a link.
import { z } from 'zod'
import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import type { JobHandler } from '../../jobs/job-handler.ts'
import { defineJobKind, enqueueJobOf, handlerOf } from '../../jobs/job-kind.ts'
import { PASSWORD_RESET_MINUTES, passwordResetEmail } from '../../mail/email-templates.ts'
import { spendPasswordResetLinks } from '../email-links/email-link-tokens.ts'
import { mailLinkToAccount, type MailedLink } from '../email-links/mail-link-to-account.ts'

const SEND_PASSWORD_RESET_LINK = defineJobKind({
  kind: 'password-reset-link',
  payload: z.object({ email: z.email() }),
  maxAttempts: 5,
})

/** Queues the look-up; the caller answers the same whatever the address. */
export async function requestPasswordReset(database: Database, { email }: { email: string }) {
  await enqueueJobOf(database.prisma, SEND_PASSWORD_RESET_LINK, { subjectType: 'email-address', payload: { email } })
}

const PASSWORD_RESET_LINK: MailedLink = {
  purpose: 'password_reset',
  eventPrefix: 'password-reset',
  page: '/auth/reset-password',
  minutes: PASSWORD_RESET_MINUTES,
  content: passwordResetEmail,
  // A new link replaces any earlier one still unused.
  beforeIssuing: spendPasswordResetLinks,
}

/** The password reset job's handler, to register with the worker. */
export function passwordResetJobHandlersFor({
  database,
  config,
}: {
  database: Database
  config: Config
}): Record<string, JobHandler> {
  return {
    [SEND_PASSWORD_RESET_LINK.kind]: handlerOf(SEND_PASSWORD_RESET_LINK, {
      run: ({ job, payload }) =>
        mailLinkToAccount({ database, config, requestId: job.id, email: payload.email, link: PASSWORD_RESET_LINK }),
    }),
  }
}
