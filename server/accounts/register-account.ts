import { startTrial } from '../billing/start-trial.ts'
import type { Database } from '../db/database.ts'
import type { User } from '../db/generated/prisma/client.ts'
import { Prisma } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
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

/**
 * A new account with an argon2id password hash, on its free trial, and a link mailed to prove its
 * address (team invitations waiting for the address join it then, not before). The e-mail arrives
 * normalised (trimmed, lower-case).
 */
export async function registerAccount(
  { database, linkBase }: RegisterAccountOptions,
  registration: Register,
): Promise<User> {
  const passwordHash = await hashPassword(registration.password)
  try {
    return await database.prisma.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { email: registration.email, fullName: registration.full_name, passwordHash },
      })
      await startTrial(tx, created.id)
      await queueEmailCheck(tx, { userId: created.id, email: created.email, isChange: false, linkBase })
      return created
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN)
    throw error
  }
}
