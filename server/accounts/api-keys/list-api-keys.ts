import type { Actor } from '../actor.ts'
import type { Database } from '../../db/database.ts'
import { toApiKeyView } from './api-key-view.ts'
import type { ApiKeyList } from './api-keys.schemas.ts'

/** The account's keys, newest first, masked. */
export async function listApiKeys(database: Database, actor: Actor): Promise<ApiKeyList> {
  const keys = await database.prisma.apiKey.findMany({
    where: { accountId: actor.userId },
    orderBy: { createdAt: 'desc' },
  })
  return { api_keys: keys.map(toApiKeyView) }
}
