// The job side of "e-mail me a link" (password reset, sign-in link): look the address up and, for an account
// that receives mail, issue a one-time link and queue the e-mail carrying it, in one transaction.
import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import type { EmailLinkPurpose, Prisma } from '../../db/generated/prisma/client.ts'
import { emailLinkUrl, linkBaseOf } from '../../mail/email-link-url.ts'
import type { EmailContent } from '../../mail/outgoing-email.ts'
import { queueEmail } from '../../mail/send-email-job.ts'
import { receivesEmail } from '../receives-email.ts'
import { issueEmailLink } from './email-link-tokens.ts'

export interface MailedLink {
  purpose: EmailLinkPurpose
  /** Names the e-mail's event with the request's id: one e-mail per request. */
  eventPrefix: string
  /** The dashboard page the link opens, e.g. /auth/reset-password. */
  page: string
  minutes: number
  content(options: { link: string }): EmailContent
  /** Done before the new link is issued, in its transaction (e.g. spending earlier links). */
  beforeIssuing?(tx: Prisma.TransactionClient, userId: string): Promise<unknown>
}

export interface MailLinkToAccountOptions {
  database: Database
  config: Config
  /** The request's job: one e-mail per request, even when the job runs again after a crash. */
  requestId: string
  email: string
  link: MailedLink
}

/** This request's e-mail was queued by an earlier attempt: its link stands, nothing is to be redone. */
class AlreadyQueued extends Error {}

export async function mailLinkToAccount({ database, config, requestId, email, link }: MailLinkToAccountOptions) {
  const user = await database.prisma.user.findUnique({ where: { email }, select: { id: true, isActive: true } })
  if (!user || !receivesEmail({ email, isActive: user.isActive })) return { sent: false }
  try {
    await database.prisma.$transaction(async (tx) => {
      await link.beforeIssuing?.(tx, user.id)
      const validForMs = link.minutes * 60_000
      const { id, token } = await issueEmailLink(tx, { purpose: link.purpose, userId: user.id, email, validForMs })
      const queued = await queueEmail(tx, {
        to: email,
        content: link.content({ link: emailLinkUrl(linkBaseOf(config), link.page, token) }),
        eventKey: `${link.eventPrefix}:${requestId}`,
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
