import type { Database } from '../../db/database.ts'
import type { User } from '../../db/generated/prisma/client.ts'
import { Prisma } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { exchangeGoogleCode } from './exchange-google-code.ts'
import type { GoogleSettings } from './google-settings.ts'
import { verifyGoogleIdToken, type GoogleIdentity } from './verify-google-id-token.ts'

async function findOrCreateUser(database: Database, identity: GoogleIdentity): Promise<User> {
  const { prisma } = database
  const linked = await prisma.user.findUnique({ where: { googleSubject: identity.subject } })
  if (linked) return linked
  // Google vouched for this e-mail (email_verified), so an existing account with it is the same person.
  const byEmail = await prisma.user.findUnique({ where: { email: identity.email } })
  if (byEmail) {
    if (byEmail.googleSubject) throw new AppError('CONFLICT', 'This email is already linked to another Google account.')
    return prisma.user.update({ where: { id: byEmail.id }, data: { googleSubject: identity.subject } })
  }
  return prisma.user.create({ data: { email: identity.email, fullName: identity.name?.trim() || identity.email.split('@')[0] || identity.email, googleSubject: identity.subject } })
}

/** The account behind a Google authorization code: found by Google id, linked by verified e-mail, or created. */
export async function signInWithGoogle(database: Database, settings: GoogleSettings, code: string): Promise<User> {
  const identity = await verifyGoogleIdToken(settings, await exchangeGoogleCode(settings, code))
  let user: User
  try {
    user = await findOrCreateUser(database, identity)
  } catch (error) {
    // Two first sign-ins at once: the other request created the account; use it.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error
    user = await findOrCreateUser(database, identity)
  }
  if (!user.isActive) throw new AppError('UNAUTHORIZED', 'Google login failed: this account is disabled.', { reason: 'account_disabled' })
  return user
}
