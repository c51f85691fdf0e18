import type { Actor } from '../actor.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { API_KEY_MESSAGES } from './api-keys.schemas.ts'
import { hashApiKey } from './hash-api-key.ts'

const API_KEY_SESSION = 'api-key:'
/** How stale a key's "last used" may be: one write a minute at most, not one per call. */
const LAST_USED_PRECISION_MS = 60_000

/** The sessionId of an actor calling with an API key: it names the key, never a sign-in session. */
const apiKeySessionOf = (keyId: string) => `${API_KEY_SESSION}${keyId}`

/** The account an API key acts for, or 401. */
export async function resolveApiKeyActor(database: Database, key: string): Promise<Actor & { keyId: string }> {
  const found = await database.prisma.apiKey.findUnique({
    where: { keyHash: hashApiKey(key) },
    include: { account: { select: { id: true, email: true, fullName: true } } },
  })
  if (!found) throw new AppError('UNAUTHORIZED', API_KEY_MESSAGES.invalid, { reason: 'invalid_api_key' })
  const now = Date.now()
  if (!found.lastUsedAt || now - found.lastUsedAt.getTime() > LAST_USED_PRECISION_MS)
    await database.prisma.apiKey.updateMany({ where: { id: found.id }, data: { lastUsedAt: new Date(now) } })
  return {
    userId: found.account.id,
    email: found.account.email,
    fullName: found.account.fullName,
    sessionId: apiKeySessionOf(found.id),
    keyId: found.id,
  }
}
