import { hkdfSync, randomBytes } from 'node:crypto'
import type { Config } from '../config/config.schemas.ts'
import type { Database } from '../db/database.ts'

export interface ServerSecrets {
  /** Signs CSRF tokens. */
  csrfKey: Buffer
  /** Signs access tokens (HS256). */
  accessTokenKey: Buffer
  /** Signs short-lived file download links. */
  downloadLinkKey: Buffer
  /** Signs widget visitors' tokens (HS256). */
  widgetTokenKey: Buffer
  /** Seals secrets kept in the database at rest (seal-secret.ts): webhook signing secrets, widgets' identity secrets. */
  sealingKey: Buffer
}

type SecretName = 'csrf' | 'access-token' | 'download-link' | 'widget-token' | 'sealed-secrets'

function deriveFromConfiguredKey(secretKey: string, name: SecretName) {
  return Buffer.from(hkdfSync('sha256', secretKey, 'agentdesk', name, 32))
}

// Without SECRET_KEY each secret is generated once and kept in app_secrets, so it survives restarts
// and every process of one deployment signs with the same key. Never a built-in default.
async function getOrCreateStoredSecret(database: Database, name: SecretName) {
  await database.prisma.appSecret.createMany({
    data: [{ name, value: randomBytes(32).toString('base64url') }],
    skipDuplicates: true,
  })
  const stored = await database.prisma.appSecret.findUniqueOrThrow({ where: { name } })
  return Buffer.from(stored.value, 'base64url')
}

export async function loadServerSecrets(
  database: Database,
  config: Pick<Config, 'SECRET_KEY'>,
): Promise<ServerSecrets> {
  const load = (name: SecretName) =>
    config.SECRET_KEY
      ? Promise.resolve(deriveFromConfiguredKey(config.SECRET_KEY, name))
      : getOrCreateStoredSecret(database, name)
  return {
    csrfKey: await load('csrf'),
    accessTokenKey: await load('access-token'),
    downloadLinkKey: await load('download-link'),
    widgetTokenKey: await load('widget-token'),
    sealingKey: await load('sealed-secrets'),
  }
}
