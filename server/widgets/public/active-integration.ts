import { keptRowsOf, type KeptRowKind } from '../../db/caching/kept-rows.ts'
import type { Database } from '../../db/database.ts'
import type { Agent, WidgetIntegration } from '../../db/generated/prisma/client.ts'
import { originAllowed } from './request-origin.ts'
import { originRefused, widgetUnavailable } from './widget-errors.ts'

/** Integrations with their agents kept by this process, keyed by integration id, until either changes. */
const KEPT_INTEGRATIONS: KeptRowKind<{ integration: WidgetIntegration; agent: Agent }> = {
  invalidatedBy: { widget_integrations: 'key', agents: (value, agentId) => value.agent.id === agentId },
  maxEntries: 5_000,
}

/**
 * The integration behind a client key (or id), if it may serve this page right now: it exists, it and
 * its agent are active, and the page's origin is its site. Otherwise the widget's refusal.
 */
export async function activeIntegrationFor(
  database: Database,
  where: { clientKey: string } | { id: string },
  origin: string | null,
): Promise<{ integration: WidgetIntegration; agent: Agent }> {
  const read = async () => {
    const found = await database.prisma.widgetIntegration.findUnique({
      where: 'id' in where ? { id: where.id } : { clientKey: where.clientKey },
      include: { agent: true },
    })
    if (!found) return null
    const { agent, ...integration } = found
    return { integration, agent }
  }
  // A session's integration, named by id, is what every visitor message reads: the process keeps it.
  const kept = 'id' in where ? keptRowsOf(database, KEPT_INTEGRATIONS) : null
  const found = kept && 'id' in where ? await kept.read(where.id, read) : await read()
  if (!found || !found.integration.isActive || !found.agent.isActive) throw widgetUnavailable()
  if (!originAllowed(found.integration, origin)) throw originRefused()
  return found
}
