import type { Database } from '../../db/database.ts'
import type { Agent, WidgetIntegration } from '../../db/generated/prisma/client.ts'
import { originAllowed } from './request-origin.ts'
import { originRefused, widgetUnavailable } from './widget-errors.ts'

/**
 * The integration behind a client key (or id), if it may serve this page right now: it exists, it and
 * its agent are active, and the page's origin is its site. Otherwise the widget's refusal.
 */
export async function activeIntegrationFor(
  database: Database,
  where: { clientKey: string } | { id: string },
  origin: string | null,
): Promise<{ integration: WidgetIntegration; agent: Agent }> {
  const found = await database.prisma.widgetIntegration.findUnique({
    where: 'id' in where ? { id: where.id } : { clientKey: where.clientKey },
    include: { agent: true },
  })
  if (!found || !found.isActive || !found.agent.isActive) throw widgetUnavailable()
  if (!originAllowed(found, origin)) throw originRefused()
  const { agent, ...integration } = found
  return { integration, agent }
}
