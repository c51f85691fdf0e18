// "Email me a sign-in link" (decision 037): the request only queues a job, so its answer and its timing are
// the same whether or not the address has an account; the job looks the address up and, for an account,
// e-mails a link that signs in once, within 15 minutes.
import { z } from 'zod'
import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import type { JobHandler } from '../../jobs/job-handler.ts'
import { defineJobKind, enqueueJobOf, handlerOf } from '../../jobs/job-kind.ts'
import { SIGN_IN_LINK_MINUTES, signInLinkEmail } from '../../mail/email-templates.ts'
import { mailLinkToAccount, type MailedLink } from '../email-links/mail-link-to-account.ts'

const SEND_SIGN_IN_LINK = defineJobKind({
  kind: 'sign-in-link',
  payload: z.object({ email: z.email() }),
  maxAttempts: 5,
})

/** Queues the look-up; the caller answers the same whatever the address. */
export async function requestSignInLink(database: Database, { email }: { email: string }) {
  await enqueueJobOf(database.prisma, SEND_SIGN_IN_LINK, { subjectType: 'email-address', payload: { email } })
}

// Asking again leaves earlier links good for their 15 minutes: someone asking for the owner's address again
// and again must not spend the link the owner is about to follow. Using one spends the rest.
const SIGN_IN_LINK: MailedLink = {
  purpose: 'sign_in',
  eventPrefix: 'sign-in-link',
  page: '/auth/sign-in',
  minutes: SIGN_IN_LINK_MINUTES,
  content: signInLinkEmail,
}

/** The sign-in link job's handler, to register with the worker. */
export function signInLinkJobHandlersFor({
  database,
  config,
}: {
  database: Database
  config: Config
}): Record<string, JobHandler> {
  return {
    [SEND_SIGN_IN_LINK.kind]: handlerOf(SEND_SIGN_IN_LINK, {
      run: ({ job, payload }) =>
        mailLinkToAccount({ database, config, requestId: job.id, email: payload.email, link: SIGN_IN_LINK }),
    }),
  }
}
