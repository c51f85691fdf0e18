// The key that seals stored Shopify tokens. Derived (HKDF, its own label) from a server secret that
// already exists in every deployment, so no new setting is needed; a dedicated secret in
// server/secrets/load-server-secrets.ts would be the tidier home, and this one line the only change.
import { hkdfSync } from 'node:crypto'
import type { ServerSecrets } from '../../secrets/load-server-secrets.ts'

export function deriveSessionTokenKey(secrets: Pick<ServerSecrets, 'accessTokenKey'>): Buffer {
  return Buffer.from(hkdfSync('sha256', secrets.accessTokenKey, 'agentdesk', 'shopify-session-tokens', 32))
}
