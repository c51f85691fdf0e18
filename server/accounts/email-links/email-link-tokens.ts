import { createHash, randomBytes } from 'node:crypto'
import type { EmailLinkPurpose, Prisma } from '../../db/generated/prisma/client.ts'
import type { Database } from '../../db/database.ts'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export interface IssueEmailLinkOptions {
  purpose: EmailLinkPurpose
  userId?: string
  email: string
  validForMs: number
}

/** Makes a single-use link's secret; only its hash is stored. Answers the secret, for the e-mail's link. */
export async function issueEmailLink(
  writer: Prisma.TransactionClient | Database['prisma'],
  { purpose, userId, email, validForMs }: IssueEmailLinkOptions,
) {
  const token = randomBytes(32).toString('base64url')
  await writer.emailLink.create({
    data: { purpose, userId, email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + validForMs) },
  })
  return token
}

/** The link's row if the secret is one of `purpose`'s, unused and unexpired (it stays usable). */
export function findUsableEmailLink(reader: Database['prisma'], purpose: EmailLinkPurpose, token: string) {
  return reader.emailLink.findFirst({
    where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: new Date() } },
  })
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

/** Spends every password reset link of the account still unused: its password was just set another way. */
export async function spendPasswordResetLinks(writer: Prisma.TransactionClient | Database['prisma'], userId: string) {
  await writer.emailLink.updateMany({
    where: { userId, purpose: 'password_reset', usedAt: null },
    data: { usedAt: new Date() },
  })
}
