import { isId } from '../../shared/ids.schemas.ts'
import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess, type AgentNeed } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import type { WidgetIntegration } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'

export const INTEGRATION_NOT_FOUND = 'Integration not found'

export interface RequireIntegrationOptions {
  actor: Actor
  agentId: string
  integrationId: string
  need: AgentNeed
}

/** An integration of the agent, addressed by its id or its client key (checked by the caller), that the actor may use as asked. */
export async function requireIntegration(
  database: Database,
  { actor, agentId, integrationId, need }: RequireIntegrationOptions,
): Promise<WidgetIntegration> {
  await requireAgentAccess(database, { actor, agentId, need })
  const integration = await database.prisma.widgetIntegration.findFirst({
    where: { agentId, ...(isId(integrationId) ? { id: integrationId } : { clientKey: integrationId }) },
  })
  if (!integration) throw new AppError('NOT_FOUND', INTEGRATION_NOT_FOUND)
  return integration
}
