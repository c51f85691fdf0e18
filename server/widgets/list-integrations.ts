import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import { toIntegrationView } from './integration-view.ts'

/** The agent's widget integrations, newest first. */
export async function listIntegrations(database: Database, actor: Actor, agentId: string) {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  const integrations = await database.prisma.widgetIntegration.findMany({
    where: { agentId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
  return { integrations: integrations.map(toIntegrationView) }
}
