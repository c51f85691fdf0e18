import { randomBytes } from 'node:crypto'
import type { Actor } from '../actor.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { API_KEY_PREFIXES, toApiKeyView } from './api-key-view.ts'
import {
  API_KEY_MESSAGES,
  MAX_API_KEYS,
  NewApiKeySchema,
  type CreatedApiKey,
  type NewApiKey,
} from './api-keys.schemas.ts'
import { hashApiKey } from './hash-api-key.ts'

export interface CreateApiKeyOptions {
  actor: Actor
  request: NewApiKey
}

/**
 * Makes an API key for the actor's account. The answer holds the key this once; only its hash is kept.
 * The account's keys are counted under a lock on the account's row, so two requests at once cannot pass
 * the limit.
 */
export async function createApiKey(
  database: Database,
  { actor, request }: CreateApiKeyOptions,
): Promise<Omit<CreatedApiKey, 'message'>> {
  const { name, environment } = NewApiKeySchema.parse(request)
  const key = `${API_KEY_PREFIXES[environment]}${randomBytes(24).toString('base64url')}`
  const created = await database.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`select id from users where id = ${actor.userId}::uuid for update`
    if ((await tx.apiKey.count({ where: { accountId: actor.userId } })) >= MAX_API_KEYS)
      throw new AppError('CONFLICT', API_KEY_MESSAGES.tooMany)
    return tx.apiKey.create({
      data: { accountId: actor.userId, name, environment, keyHash: hashApiKey(key), lastFour: key.slice(-4) },
    })
  })
  return { api_key: toApiKeyView(created), key }
}
