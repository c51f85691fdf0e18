import type { Actor } from '../actor.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { API_KEY_MESSAGES } from './api-keys.schemas.ts'

export interface DeleteApiKeyOptions {
  actor: Actor
  keyId: string
}

/** Revokes one of the account's keys at once: the next call made with it is refused. */
export async function deleteApiKey(database: Database, { actor, keyId }: DeleteApiKeyOptions) {
  const { count } = await database.prisma.apiKey.deleteMany({ where: { id: keyId, accountId: actor.userId } })
  if (count === 0) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound)
}
