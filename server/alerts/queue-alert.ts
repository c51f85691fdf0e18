import type { Database } from '../db/database.ts'
import type { Prisma } from '../db/generated/prisma/client.ts'
import { emailLinkUrl } from '../mail/email-link-url.ts'
import { alertEmail } from '../mail/email-templates.ts'
import { queueEmail } from '../mail/send-email-job.ts'
import type { AlertKind } from './alert-kinds.ts'
import { alertRecipients } from './alert-recipients.ts'

export interface QueueAlertOptions {
  kind: AlertKind
  accountId: string
  agentId?: string
  /**
   * The event, the same every time it is reported (a limit's period, a trial's subscription, a lead's
   * id): each recipient gets one e-mail per event, however often it is reported or by how many processes.
   */
  eventKey: string
  title: string
  message: string
  /** The dashboard page that acts on it, e.g. /app/payment. */
  actionPath: string
  actionLabel: string
  /** Where links point (linkBaseOf). */
  linkBase: string
}

/** Queues the alert's e-mail to each of its recipients (alert-recipients.ts); answers how many were new. */
export async function queueAlert(
  writer: Prisma.TransactionClient | Database['prisma'],
  { kind, accountId, agentId, eventKey, title, message, actionPath, actionLabel, linkBase }: QueueAlertOptions,
) {
  const recipients = await alertRecipients(writer, { accountId, kind, agentId })
  const content = alertEmail({
    title,
    message,
    action: { label: actionLabel, url: emailLinkUrl(linkBase, actionPath) },
  })
  let queued = 0
  for (const recipient of recipients) {
    const isNew = await queueEmail(writer, {
      to: recipient.email,
      content,
      eventKey: `alert:${kind}:${eventKey}:${recipient.id}`,
      accountId,
    })
    if (isNew) queued += 1
  }
  return queued
}
