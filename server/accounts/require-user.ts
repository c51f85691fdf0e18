import type { Database } from '../db/database.ts'
import type { User } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import type { Actor } from './actor.ts'

/** The actor's user row; gone only if it was deleted since the token was checked. */
export async function requireUser(database: Database, actor: Actor): Promise<User> {
  const user = await database.prisma.user.findUnique({ where: { id: actor.userId } })
  if (!user)
    throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.', { reason: 'session_ended' })
  return user
}
