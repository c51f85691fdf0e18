import type { Prisma } from '../../db/generated/prisma/client.ts'
import { emailLinkUrl } from '../../mail/email-link-url.ts'
import { EMAIL_CHECK_HOURS, emailCheckEmail } from '../../mail/email-templates.ts'
import { queueEmail } from '../../mail/send-email-job.ts'
import { issueEmailLink, spendEmailLinks } from '../email-links/email-link-tokens.ts'

export interface QueueEmailCheckOptions {
  userId: string
  /** The address to prove: the account's own, or the new one it asked to change to. */
  email: string
  isChange: boolean
  /** Where the link points (linkBaseOf). */
  linkBase: string
}

/**
 * Mails a link that proves `email` is the account's, in the caller's transaction. It replaces any earlier
 * check link of the account: only the newest address asked for can be confirmed. Answers the link's id.
 */
export async function queueEmailCheck(
  tx: Prisma.TransactionClient,
  { userId, email, isChange, linkBase }: QueueEmailCheckOptions,
) {
  await spendEmailLinks(tx, { userId, purpose: 'verify_email' })
  const validForMs = EMAIL_CHECK_HOURS * 3_600_000
  const { id, token, expiresAt } = await issueEmailLink(tx, { purpose: 'verify_email', userId, email, validForMs })
  await queueEmail(tx, {
    to: email,
    content: emailCheckEmail({ link: emailLinkUrl(linkBase, '/auth/verify-email', token), isChange }),
    eventKey: `verify-email:${id}`,
    accountId: userId,
    notAfter: expiresAt,
    emailLinkId: id,
  })
  return { linkId: id }
}
