import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { requireIntegration } from './require-integration.ts'

export interface DeleteIntegrationOptions {
  storage: FileStorage
  actor: Actor
  agentId: string
  integrationId: string
}

/**
 * Deletes an integration: its embed code stops working at once and its visitor sessions end. Its
 * conversations stay with the agent (their link to the integration is cleared).
 */
export async function deleteIntegration(
  database: Database,
  { storage, actor, agentId, integrationId }: DeleteIntegrationOptions,
) {
  const integration = await requireIntegration(database, { actor, agentId, integrationId, need: 'edit' })
  await database.prisma.widgetIntegration.delete({ where: { id: integration.id } })
  if (integration.websiteLogoKey) await storage.delete(integration.websiteLogoKey)
}
