import { EMAIL_IN_USE } from '../../accounts/change-email.ts'
import { queueEmailCheck } from '../../accounts/email-check/queue-email-check.ts'
import { hashPassword } from '../../accounts/password-hashing.ts'
import type { Database } from '../../db/database.ts'
import { Prisma } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import type { AddEmailSignIn } from './add-email-sign-in.schemas.ts'

export const ALREADY_HAS_PASSWORD = 'This account already has an e-mail sign-in: change it in the dashboard settings.'

/**
 * Gives a shop's account (created at installation, no password) an e-mail and password, so the merchant
 * can sign in to the standalone dashboard and find the same agents. The dashboard's changePassword sets
 * a first password only within minutes of a dashboard sign-in; here Shopify's session token, checked on
 * this very request, is that proof. Once a password exists, changes go through the dashboard (old
 * password required).
 */
export interface AddEmailSignInOptions {
  database: Database
  /** Where the mailed check link points (this server's public address). */
  linkBase: string
  accountId: string
  signIn: AddEmailSignIn
}

export async function addEmailSignIn({ database, linkBase, accountId, signIn }: AddEmailSignInOptions) {
  const user = await database.prisma.user.findUniqueOrThrow({ where: { id: accountId } })
  if (user.passwordHash) throw new AppError('CONFLICT', ALREADY_HAS_PASSWORD)
  // An address Google proved stays: Google sign-in finds the account by it.
  if (user.googleSubject && signIn.email !== user.email)
    throw new AppError('BAD_REQUEST', `This account signs in with Google as ${user.email}: use that address.`)
  const passwordHash = await hashPassword(signIn.password)
  const emailChanges = signIn.email !== user.email
  try {
    await database.prisma.$transaction(async (tx) => {
      // Only while it still has no password: two submissions at once set it once.
      const updated = await tx.user.updateMany({
        where: { id: user.id, passwordHash: null },
        data: { passwordHash, ...(emailChanges ? { email: signIn.email, emailVerifiedAt: null } : {}) },
      })
      if (updated.count === 0) throw new AppError('CONFLICT', ALREADY_HAS_PASSWORD)
      // The shop's first real address: e-mails (alerts, invitations) reach it from now on, once it is proven.
      if (emailChanges) await queueEmailCheck(tx, { userId: user.id, email: signIn.email, isChange: false, linkBase })
    })
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      throw new AppError('CONFLICT', EMAIL_IN_USE)
    throw error
  }
}
