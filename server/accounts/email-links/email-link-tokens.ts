import { createHash, randomBytes } from 'node:crypto'
import type { EmailLinkPurpose, Prisma } from '../../db/generated/prisma/client.ts'
import type { Database } from '../../db/database.ts'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export interface IssueEmailLinkOptions {
  purpose: EmailLinkPurpose
  userId?: string
  /** A team invitation's membership. */
  teamMemberId?: string
  email: string
  validForMs: number
}

/**
 * Makes a single-use link's secret; only its hash is stored. Answers the secret, for the e-mail's link,
 * the row's id (the e-mail's event) and when it stops working.
 */
export async function issueEmailLink(
  writer: Prisma.TransactionClient | Database['prisma'],
  { purpose, userId, teamMemberId, email, validForMs }: IssueEmailLinkOptions,
) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + validForMs)
  const { id } = await writer.emailLink.create({
    data: { purpose, userId, teamMemberId, email, tokenHash: hashToken(token), expiresAt },
    select: { id: true },
  })
  return { id, token, expiresAt }
}

/** The link's row if the secret is one of `purpose`'s, unused and unexpired (it stays usable). */
export function findUsableEmailLink(reader: Database['prisma'], purpose: EmailLinkPurpose, token: string) {
  return reader.emailLink.findFirst({
    where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: new Date() } },
  })
}

/**
 * Whether the link can still be used: neither spent (a newer link of its purpose spends the earlier ones)
 * nor expired nor deleted (a revoked invitation's). An e-mail carrying it is sent only while it can.
 */
export async function isEmailLinkUsable(reader: Database['prisma'], linkId: string): Promise<boolean> {
  const usable = await reader.emailLink.count({ where: { id: linkId, usedAt: null, expiresAt: { gt: new Date() } } })
  return usable === 1
}

/**
 * Uses the link once: answers its row if the secret is one of `purpose`'s, unused and unexpired, and marks
 * it used in the same statement (two uses at once: one wins). Null otherwise.
 */
export async function useEmailLink(tx: Prisma.TransactionClient, purpose: EmailLinkPurpose, token: string) {
  const tokenHash = hashToken(token)
  const used = await tx.emailLink.updateMany({
    where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  })
  if (used.count !== 1) return null
  return tx.emailLink.findUniqueOrThrow({ where: { tokenHash } })
}

/** Spends every link of `purpose` the account still has unused: what it was for was done another way. */
export async function spendEmailLinks(
  writer: Prisma.TransactionClient | Database['prisma'],
  { userId, purpose }: { userId: string; purpose: EmailLinkPurpose },
) {
  await writer.emailLink.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: new Date() } })
}

/** Spends every password reset link of the account still unused: its password was just set another way. */
export function spendPasswordResetLinks(writer: Prisma.TransactionClient | Database['prisma'], userId: string) {
  return spendEmailLinks(writer, { userId, purpose: 'password_reset' })
}
