// Every e-mail is a durable job: queued in the transaction of the event it reports (so neither is lost
// without the other), sent by the worker, retried with backoff while the SMTP server is down, and queued
// once per event (its dedupe key).
import type { JobHandler } from '../jobs/job-handler.ts'
import type { JobWriter } from '../jobs/enqueue-job.ts'
import { defineJobKind, enqueueJobsOf, handlerOf } from '../jobs/job-kind.ts'
import type { Logger } from '../logging/create-logger.ts'
import type { MailTransport } from './mail-transport.ts'
import { OutgoingEmailSchema, type EmailContent } from './outgoing-email.ts'

// About 80 minutes of tries with the worker's backoff (5 s doubling, at most 10 minutes apart).
const SEND_EMAIL = defineJobKind({ kind: 'send-email', payload: OutgoingEmailSchema, maxAttempts: 12 })

export interface QueueEmailOptions {
  to: string
  content: EmailContent
  /** The event it reports, once: the same key never queues a second e-mail. */
  eventKey: string
  accountId?: string
}

/**
 * Queues the e-mail (pass the event's transaction to queue it with the event); answers false when the
 * event already had its e-mail. A conflict on the key skips the row, so a transaction is never aborted.
 */
export async function queueEmail(writer: JobWriter, { to, content, eventKey, accountId }: QueueEmailOptions) {
  const added = await enqueueJobsOf(writer, SEND_EMAIL, [
    { accountId, subjectType: 'email', dedupeKey: `email:${eventKey}`, payload: { to, ...content } },
  ])
  return added === 1
}

/** The e-mail job's handler, to register with the worker. */
export function mailJobHandlersFor(transport: MailTransport, logger: Logger): Record<string, JobHandler> {
  return {
    [SEND_EMAIL.kind]: handlerOf(SEND_EMAIL, {
      run: ({ job, payload }) => transport.send(payload, job.id),
      onFinalFailure: async ({ to, subject }, reason) =>
        logger.error({ to, subject, reason }, 'an e-mail could not be sent: check SMTP_URL and the SMTP server'),
    }),
  }
}
