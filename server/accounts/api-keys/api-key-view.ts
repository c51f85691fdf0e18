import type { ApiKey } from '../../db/generated/prisma/client.ts'
import type { ApiKeyView } from './api-keys.schemas.ts'

export const API_KEY_PREFIXES = { production: 'adk_live_', development: 'adk_test_' } as const

/** A key as lists show it: its kind's prefix, dots, and its last four characters. */
export function toApiKeyView(key: ApiKey): ApiKeyView {
  return {
    key_id: key.id,
    name: key.name,
    environment: key.environment,
    masked_key: `${API_KEY_PREFIXES[key.environment]}${'•'.repeat(12)}${key.lastFour}`,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
  }
}
