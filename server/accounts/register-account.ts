import { startTrial } from '../billing/start-trial.ts'
import type { Database } from '../db/database.ts'
import { linkPendingMemberships } from '../teams/link-pending-memberships.ts'
import type { User } from '../db/generated/prisma/client.ts'
import { Prisma } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import type { Register } from './accounts.schemas.ts'
import { hashPassword } from './password-hashing.ts'

const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.'

function isUniqueViolation(error: unknown) {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

/** A new account with an argon2id password hash, on its free trial. The e-mail arrives normalised (trimmed, lower-case). */
export async function registerAccount(database: Database, registration: Register): Promise<User> {
  const passwordHash = await hashPassword(registration.password)
  try {
    const user = await database.prisma.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { email: registration.email, fullName: registration.full_name, passwordHash },
      })
      await startTrial(tx, created.id)
      return created
    })
    await linkPendingMemberships(database, user.id, user.email)
    return user
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN)
    throw error
  }
}
