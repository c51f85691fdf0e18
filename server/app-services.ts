// What the routes share besides the database: signing settings, file storage, rate limits, Google.
// Built once per app; close() releases what holds connections (a Redis client, say).
import { readGoogleSettings, type GoogleSettings } from './accounts/google/google-settings.ts'
import type { SessionSettings } from './accounts/sessions/session-settings.ts'
import type { Config } from './config/config.schemas.ts'
import type { Database } from './db/database.ts'
import { createAuthRateLimits, type AuthRateLimits } from './http/rate-limit/auth-rate-limits.ts'
import type { ServerSecrets } from './secrets/load-server-secrets.ts'
import { createFileStorage } from './storage/create-file-storage.ts'
import type { FileStorage } from './storage/file-storage.ts'

export interface AppServices {
  sessions: SessionSettings
  storage: FileStorage
  rateLimits: AuthRateLimits
  google: GoogleSettings | null
  close(): Promise<void>
}

export async function createAppServices(config: Config, database: Database, secrets: ServerSecrets): Promise<AppServices> {
  const rateLimits = await createAuthRateLimits(config, database)
  return {
    sessions: {
      accessTokenKey: secrets.accessTokenKey,
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
      sessionMaxAgeSeconds: config.SESSION_MAX_AGE_SECONDS,
    },
    storage: createFileStorage(config),
    rateLimits,
    google: readGoogleSettings(config),
    close: () => rateLimits.close(),
  }
}
