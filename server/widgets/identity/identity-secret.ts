import { randomBytes } from 'node:crypto'
import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { sealSecret } from '../../secrets/seal-secret.ts'
import { requireIntegration } from '../require-integration.ts'

/** A replaced or removed secret ends the sessions its tokens opened: signed-in visitors sign in again. */
const endIdentifiedSessions = (database: Database, integrationId: string) =>
  database.prisma.widgetSession.updateMany({
    where: { widgetIntegrationId: integrationId, visitorExternalId: { not: null }, revokedAt: null },
    data: { revokedAt: new Date() },
  })

export interface IdentitySecretOptions {
  actor: Actor
  agentId: string
  integrationId: string
  sealingKey: Buffer
}

/**
 * A new identity secret for the integration (replacing any earlier one, whose tokens stop working): the
 * site signs its visitor tokens with it on its own server. Shown this once; kept sealed. `edit` on the agent.
 */
export async function createIdentitySecret(
  database: Database,
  { actor, agentId, integrationId, sealingKey }: IdentitySecretOptions,
) {
  const integration = await requireIntegration(database, { actor, agentId, integrationId, need: 'edit' })
  const secret = `wis_${randomBytes(32).toString('base64url')}`
  await database.prisma.$transaction([
    database.prisma.widgetIntegration.update({
      where: { id: integration.id },
      data: { identitySecretSealed: sealSecret(sealingKey, integration.id, secret) },
    }),
    endIdentifiedSessions(database, integration.id),
  ])
  return secret
}

/** Turns identity verification off: visitor tokens are refused, visitors are anonymous again. */
export async function deleteIdentitySecret(
  database: Database,
  { actor, agentId, integrationId }: Omit<IdentitySecretOptions, 'sealingKey'>,
) {
  const integration = await requireIntegration(database, { actor, agentId, integrationId, need: 'edit' })
  await database.prisma.widgetIntegration.update({
    where: { id: integration.id },
    data: { identitySecretSealed: null },
  })
}
