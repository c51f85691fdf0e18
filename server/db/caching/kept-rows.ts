import type { SubscriptionWithPlan } from '../../billing/account-standing.ts'
import type { Passage } from '../../chat/retrieval/passage.ts'
import type { QuestionPlan } from '../../chat/retrieval/read-question-plan.ts'
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

/** A signed-in session as every request checks it (resolveActor): whose, whether ended, and its user. */
interface KeptSession {
  userId: string
  revokedAt: Date | null
  user: { email: string; fullName: string; isActive: boolean }
}

/** A passage as a question's retrieval cites it, with its agent (the change that empties it). */
export type KeptPassage = Omit<Passage, 'score'> & { agentId: string }

/**
 * The rows every request reads and that seldom change, kept by each process: a signed-in session with its
 * user, an agent; for a visitor's message, the widget session,
 * the integration with its agent, the account's subscription, and what retrieval reads of an agent's
 * passages (the plans of questions asked again, the passages cited). Emptied by every process's changes
 * (see hearRowChanges), so a revoked session, a switched-off widget, a new plan or a deleted document
 * count in this process at once and in the others as soon as their signal arrives.
 */
export interface KeptRows {
  /** Keyed by session (refresh token family) id. */
  sessions: RowCache<KeptSession>
  /** Keyed by agent id: what every agent-scoped call reads before deciding access. */
  agents: RowCache<Agent>
  widgetSessions: RowCache<WidgetSession>
  widgetIntegrations: RowCache<{ integration: WidgetIntegration; agent: Agent }>
  subscriptions: RowCache<KeptSubscription>
  /** Keyed by agent id and question (questionPlanKey). */
  questionPlans: RowCache<QuestionPlan>
  /** Keyed by chunk id. */
  passages: RowCache<KeptPassage>
  close(): Promise<void>
}

const kept = new WeakMap<Database, KeptRows>()

function createKeptRows(database: Database, changes: RowChanges): KeptRows {
  return {
    sessions: createRowCache({
      changes,
      invalidatedBy: { refresh_token_families: 'key', users: (session, userId) => session.userId === userId },
      maxEntries: 20_000,
      ttlMs: KEPT_MS,
    }),
    agents: createRowCache({ changes, invalidatedBy: { agents: 'key' }, maxEntries: 5_000, ttlMs: KEPT_MS }),
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
    // Any change to an agent's passages changes its knowledge_index_stats, whose signal names the agent.
    questionPlans: createRowCache({
      changes,
      invalidatedBy: { knowledge_index_stats: (plan, agentId) => plan.agentId === agentId },
      maxEntries: 5_000,
      ttlMs: KEPT_MS,
    }),
    passages: createRowCache({
      changes,
      invalidatedBy: { knowledge_index_stats: (passage, agentId) => passage.agentId === agentId },
      maxEntries: 10_000,
      ttlMs: KEPT_MS,
    }),
    close: async () => {
      kept.delete(database)
      await changes.close()
    },
  }
}

/** The key of a question's plan: the agent, and the question with its white space as the search reads it. */
export const questionPlanKey = (agentId: string, question: string) =>
  `${agentId}\n${question.trim().replace(/\s+/g, ' ')}`

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
