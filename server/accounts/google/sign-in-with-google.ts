import { startTrial } from '../../billing/start-trial.ts'
import type { Database } from '../../db/database.ts'
import { linkPendingMemberships } from '../../teams/link-pending-memberships.ts'
import type { User } from '../../db/generated/prisma/client.ts'
import { Prisma } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { dropPendingEmailChange } from '../email-check/drop-pending-email-change.ts'
import { revokeOtherSessions } from '../sessions/revoke-session.ts'
import { exchangeGoogleCode } from './exchange-google-code.ts'
import type { GoogleSettings } from './google-settings.ts'
import { verifyGoogleIdToken, type GoogleIdentity } from './verify-google-id-token.ts'

/** The Google identity behind an authorization code (and its PKCE verifier, when the client used one). */
export async function verifyGoogleSignIn(
  settings: GoogleSettings,
  code: string,
  codeVerifier?: string,
): Promise<GoogleIdentity> {
  return verifyGoogleIdToken(settings, await exchangeGoogleCode(settings, code, codeVerifier))
}

// Linking to an account that never proved it owns the e-mail: whoever registered it (perhaps not the
// e-mail's owner, who Google just vouched for) loses the password, every session and any change of
// e-mail they asked for, so a pre-registered account cannot be used to spy on the real owner. The
// proven address then joins the invitations waiting for it.
async function linkByEmail(database: Database, existing: User, identity: GoogleIdentity): Promise<User> {
  if (existing.googleSubject) throw new AppError('CONFLICT', 'This email is already linked to another Google account.')
  const isProven = existing.emailVerifiedAt !== null
  const linked = await database.prisma.user.update({
    where: { id: existing.id },
    data: { googleSubject: identity.subject, emailVerifiedAt: new Date(), ...(isProven ? {} : { passwordHash: null }) },
  })
  if (!isProven) {
    await dropPendingEmailChange(database.prisma, { userId: existing.id, currentEmail: existing.email })
    await revokeOtherSessions(database, { userId: existing.id, reason: 'account-takeover-guard' })
    await linkPendingMemberships(database, existing.id, existing.email)
  }
  return { ...linked, pendingEmail: isProven ? linked.pendingEmail : null }
}

async function findOrCreateUser(database: Database, identity: GoogleIdentity): Promise<User> {
  const { prisma } = database
  const linked = await prisma.user.findUnique({ where: { googleSubject: identity.subject } })
  if (linked) return linked
  const byEmail = await prisma.user.findUnique({ where: { email: identity.email } })
  if (byEmail) return linkByEmail(database, byEmail, identity)
  const created = await prisma.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email: identity.email,
        fullName: identity.name,
        googleSubject: identity.subject,
        emailVerifiedAt: new Date(),
      },
    })
    await startTrial(tx, user.id)
    return user
  })
  await linkPendingMemberships(database, created.id, created.email)
  return created
}

/** The account of a verified Google identity: found by Google id, linked by verified e-mail, or created. */
export async function findOrCreateGoogleAccount(database: Database, identity: GoogleIdentity): Promise<User> {
  let user: User
  try {
    user = await findOrCreateUser(database, identity)
  } catch (error) {
    // Two first sign-ins at once: the other request created the account; use it.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error
    user = await findOrCreateUser(database, identity)
  }
  if (!user.isActive)
    throw new AppError('UNAUTHORIZED', 'Google login failed: this account is disabled.', { reason: 'account_disabled' })
  return user
}
