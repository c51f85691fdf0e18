// Every e-mail is a durable job: queued in the transaction of the event it reports (so neither is lost
// without the other), sent by the worker, retried with backoff while the SMTP server is down, and queued
// once per event (its dedupe key). Once sent (or given up), the job keeps only the recipient and subject:
// the body, with its single-use links, does not stay in the database.
import { z } from 'zod'
import { isEmailLinkUsable } from '../accounts/email-links/email-link-tokens.ts'
import type { Database } from '../db/database.ts'
import type { JobWriter } from '../jobs/enqueue-job.ts'
import { PermanentJobError, type JobHandler } from '../jobs/job-handler.ts'
import { defineJobKind, enqueueJobsOf, handlerOf } from '../jobs/job-kind.ts'
import type { Logger } from '../logging/create-logger.ts'
import type { MailTransport } from './mail-transport.ts'
import { OutgoingEmailSchema, type EmailContent } from './outgoing-email.ts'

const ToSend = OutgoingEmailSchema.extend({
  /** After this moment the e-mail is not sent (its link would no longer work). */
  notAfter: z.iso.datetime().optional(),
  /** The single-use link it carries (email_links): not sent once a newer link replaced it, or it was used. */
  emailLinkId: z.uuid().optional(),
})
const Done = z.object({ to: z.email(), subject: z.string(), done: z.enum(['sent', 'not sent']) })

// About 50 minutes of tries with the worker's backoff (5 s doubling, at most 10 minutes apart).
const SEND_EMAIL = defineJobKind({ kind: 'send-email', payload: z.union([ToSend, Done]), maxAttempts: 12 })

export interface QueueEmailOptions {
  to: string
  content: EmailContent
  /** The event it reports, once: the same key never queues a second e-mail. */
  eventKey: string
  accountId?: string
  /** When its link stops working: a send held up past it (an SMTP outage) is dropped. */
  notAfter?: Date
  /** The single-use link it carries: checked when the e-mail is sent, not only when it is queued. */
  emailLinkId?: string
}

/**
 * Queues the e-mail (pass the event's transaction to queue it with the event); answers false when the
 * event already had its e-mail. A conflict on the key skips the row, so a transaction is never aborted.
 */
export async function queueEmail(
  writer: JobWriter,
  { to, content, eventKey, accountId, notAfter, emailLinkId }: QueueEmailOptions,
) {
  const added = await enqueueJobsOf(writer, SEND_EMAIL, [
    {
      accountId,
      subjectType: 'email',
      dedupeKey: `email:${eventKey}`,
      payload: {
        to,
        ...content,
        ...(notAfter ? { notAfter: notAfter.toISOString() } : {}),
        ...(emailLinkId ? { emailLinkId } : {}),
      },
    },
  ])
  return added === 1
}

interface MailJobDependencies {
  database: Database
  transport: MailTransport
  logger: Logger
}

/** The e-mail job's handler, to register with the worker. */
export function mailJobHandlersFor({ database, transport, logger }: MailJobDependencies): Record<string, JobHandler> {
  const keepOnly = (
    jobId: string,
    { to, subject }: { to: string; subject: string },
    done: 'sent' | 'not sent',
    writer: JobWriter = database.prisma,
  ) => writer.job.update({ where: { id: jobId }, data: { payload: { to, subject, done } } })
  const handler = handlerOf(SEND_EMAIL, {
    run: async ({ job, payload }) => {
      if ('done' in payload) return { done: payload.done }
      if (payload.notAfter && Date.now() > Date.parse(payload.notAfter)) {
        await keepOnly(job.id, payload, 'not sent')
        throw new PermanentJobError('Not sent: the link in this e-mail had expired before it could be sent.')
      }
      // Queued behind an outage or a busy worker, an e-mail can reach its turn after a newer one replaced it.
      if (payload.emailLinkId && !(await isEmailLinkUsable(database.prisma, payload.emailLinkId))) {
        await keepOnly(job.id, payload, 'not sent')
        throw new PermanentJobError(
          'Not sent: the link in this e-mail was replaced by a newer one, or used, before it could be sent.',
        )
      }
      await transport.send(payload, job.id)
      await keepOnly(job.id, payload, 'sent')
      return { done: 'sent' }
    },
  })
  handler.onFinalFailure = async (job, reason, writer) => {
    const parsed = SEND_EMAIL.payload.safeParse(job.payload)
    if (!parsed.success) return
    logger.error(
      { to: parsed.data.to, subject: parsed.data.subject, reason },
      'an e-mail could not be sent: check SMTP_URL and the SMTP server',
    )
    await keepOnly(job.id, parsed.data, 'not sent', writer)
  }
  return { [SEND_EMAIL.kind]: handler }
}
