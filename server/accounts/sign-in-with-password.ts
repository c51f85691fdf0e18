import type { Database } from '../db/database.ts'
import type { User } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import type { Login } from './accounts.schemas.ts'
import { verifyPassword } from './password-hashing.ts'

const INVALID_CREDENTIALS = 'Invalid email or password.'

/** The user whose e-mail and password match; one message and one timing for every kind of mismatch. */
export async function signInWithPassword(database: Database, credentials: Login): Promise<User> {
  const user = await database.prisma.user.findUnique({ where: { email: credentials.email } })
  const isMatch = await verifyPassword(user?.passwordHash, credentials.password)
  if (!user || !isMatch || !user.isActive)
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS, { reason: 'invalid_credentials' })
  return user
}
