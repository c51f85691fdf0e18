import { startTrial } from '../billing/start-trial.ts'
import type { Database } from '../db/database.ts'
import type { User } from '../db/generated/prisma/client.ts'
import { Prisma } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { joinInvitedTeam } from '../teams/invitations/join-invited-team.ts'
import { linkPendingMemberships } from '../teams/link-pending-memberships.ts'
import type { Register } from './accounts.schemas.ts'
import { queueEmailCheck } from './email-check/queue-email-check.ts'
import { hashPassword } from './password-hashing.ts'

const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.'

function isUniqueViolation(error: unknown) {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

export interface RegisterAccountOptions {
  database: Database
  /** Where e-mailed links point (linkBaseOf). */
  linkBase: string
}

export interface RegisteredAccount {
  user: User
  /** The team an invitation sign-up joined. */
  joinedTeam: { team_id: string; team_name: string } | null
}

/**
 * A new account with an argon2id password hash. On its own it starts the free trial and is mailed a link
 * to prove its address (team invitations waiting for the address join it then, not before). Signing up
 * with a team invitation's link (invitation_token) joins that team in the same transaction, or nothing
 * happens: the link, mailed to the invited address, proves it when the account uses that address (no
 * second e-mail; any other address gets its link as usual), and the account starts no trial of its own,
 * since it came to work on someone else's agents (it can start one later, startTrialOnRequest). The
 * e-mail arrives normalised (trimmed, lower-case).
 */
export async function registerAccount(
  { database, linkBase }: RegisterAccountOptions,
  { invitation_token: invitationToken, ...registration }: Register,
): Promise<RegisteredAccount> {
  const passwordHash = await hashPassword(registration.password)
  try {
    const registered = await database.prisma.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { email: registration.email, fullName: registration.full_name, passwordHash },
      })
      const joined = invitationToken ? await joinInvitedTeam(tx, { user: created, token: invitationToken }) : null
      if (!joined) await startTrial(tx, created.id)
      if (!joined?.provesAddress)
        await queueEmailCheck(tx, { userId: created.id, email: created.email, isChange: false, linkBase })
      const user = joined?.provesAddress ? await tx.user.findUniqueOrThrow({ where: { id: created.id } }) : created
      return { user, joined }
    })
    // Other teams' invitations waiting for the address, now proven.
    if (registered.joined?.provesAddress)
      await linkPendingMemberships(database, registered.user.id, registered.user.email)
    const team = registered.joined?.team
    return { user: registered.user, joinedTeam: team ? { team_id: team.id, team_name: team.name } : null }
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN)
    throw error
  }
}
