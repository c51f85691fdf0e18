// "Email me a sign-in link" (decision 037): the request only queues a job, so its answer and its timing are
// the same whether or not the address has an account; the job looks the address up and, for an account,
// e-mails a link that signs in once, within 15 minutes.
import { z } from 'zod'
import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import type { JobHandler } from '../../jobs/job-handler.ts'
import { defineJobKind, enqueueJobOf, handlerOf } from '../../jobs/job-kind.ts'
import { emailLinkUrl, linkBaseOf } from '../../mail/email-link-url.ts'
import { SIGN_IN_LINK_MINUTES, signInLinkEmail } from '../../mail/email-templates.ts'
import { queueEmail } from '../../mail/send-email-job.ts'
import { issueEmailLink } from '../email-links/email-link-tokens.ts'
import { receivesEmail } from '../receives-email.ts'

const SEND_SIGN_IN_LINK = defineJobKind({
  kind: 'sign-in-link',
  payload: z.object({ email: z.email() }),
  maxAttempts: 5,
})

/** Queues the look-up; the caller answers the same whatever the address. */
export async function requestSignInLink(database: Database, { email }: { email: string }) {
  await enqueueJobOf(database.prisma, SEND_SIGN_IN_LINK, { subjectType: 'email-address', payload: { email } })
}

/** This request's e-mail was queued by an earlier attempt: its link stands, nothing is to be redone. */
class AlreadyQueued extends Error {}

interface SendLinkOptions {
  database: Database
  config: Config
  /** The request's job: one e-mail per request, even when the job runs again after a crash. */
  requestId: string
  email: string
}

async function sendSignInLink({ database, config, requestId, email }: SendLinkOptions) {
  const user = await database.prisma.user.findUnique({ where: { email }, select: { id: true, isActive: true } })
  if (!user || !receivesEmail({ email, isActive: user.isActive })) return { sent: false }
  try {
    await database.prisma.$transaction(async (tx) => {
      // Earlier links still unused stay good for their 15 minutes: someone asking again and again for the
      // owner's address must not spend the link the owner is about to follow. Using one spends the rest.
      const validForMs = SIGN_IN_LINK_MINUTES * 60_000
      const { id, token } = await issueEmailLink(tx, { purpose: 'sign_in', userId: user.id, email, validForMs })
      const content = signInLinkEmail({ link: emailLinkUrl(linkBaseOf(config), '/auth/sign-in', token) })
      const queued = await queueEmail(tx, {
        to: email,
        content,
        eventKey: `sign-in-link:${requestId}`,
        accountId: user.id,
        notAfter: new Date(Date.now() + validForMs),
        // A newer link, or this one used, drops the e-mail if it has not gone yet.
        emailLinkId: id,
      })
      if (!queued) throw new AlreadyQueued()
    })
  } catch (error) {
    if (error instanceof AlreadyQueued) return { sent: false }
    throw error
  }
  return { sent: true }
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
      run: ({ job, payload }) => sendSignInLink({ database, config, requestId: job.id, email: payload.email }),
    }),
  }
}
