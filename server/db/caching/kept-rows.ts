import type { SubscriptionWithPlan } from '../../billing/account-standing.ts'
import type { Agent, WidgetIntegration, WidgetSession } from '../generated/prisma/client.ts'
import type { Database } from '../database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import { createRowCache, type RowCache } from './row-cache.ts'
import { hearRowChanges, type RowChanges } from './row-changes.ts'

// A safety net only: every change empties its entries at once, in every process.
const KEPT_MS = 60_000

/** An account's current subscription with its plan, or none: where its standing is computed from. */
interface KeptSubscription {
  subscription: SubscriptionWithPlan | null
}

/**
 * The rows every visitor message reads and that seldom change, kept by each process: the widget session,
 * the integration with its agent, the account's subscription. Emptied by every process's changes (see
 * hearRowChanges), so a revoked session, a switched-off widget or a new plan count at once everywhere.
 */
export interface KeptRows {
  widgetSessions: RowCache<WidgetSession>
  widgetIntegrations: RowCache<{ integration: WidgetIntegration; agent: Agent }>
  subscriptions: RowCache<KeptSubscription>
  close(): Promise<void>
}

const kept = new WeakMap<Database, KeptRows>()

function createKeptRows(database: Database, changes: RowChanges): KeptRows {
  return {
    widgetSessions: createRowCache({
      changes,
      invalidatedBy: { widget_sessions: 'key' },
      maxEntries: 20_000,
      ttlMs: KEPT_MS,
    }),
    widgetIntegrations: createRowCache({
      changes,
      invalidatedBy: { widget_integrations: 'key', agents: (value, agentId) => value.agent.id === agentId },
      maxEntries: 5_000,
      ttlMs: KEPT_MS,
    }),
    subscriptions: createRowCache({
      changes,
      invalidatedBy: { subscriptions: 'key', plans: (value, planId) => String(value.subscription?.planId) === planId },
      maxEntries: 5_000,
      ttlMs: KEPT_MS,
    }),
    close: async () => {
      kept.delete(database)
      await changes.close()
    },
  }
}

/** Starts keeping rows for the database in this process (once; later calls return the same). */
export function keepRows(database: Database, logger: Logger): KeptRows {
  let rows = kept.get(database)
  if (!rows) {
    rows = createKeptRows(database, hearRowChanges(database, logger))
    kept.set(database, rows)
  }
  return rows
}

/** The rows this process keeps for the database, or null where nothing is kept (a script, say). */
export const keptRowsOf = (database: Database): KeptRows | null => kept.get(database) ?? null
