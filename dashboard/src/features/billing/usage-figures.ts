// What a subscription has used of each limit (SPEC sections 3 and 9): limits under either of their
// names, the SPEC's defaults when absent, -1 as unlimited (∞), the percent used capped at 100, and
// numbers shortened to K and M where that is exact.
import { formatCount } from '../../shared/format/format-count.ts'
import type { LimitName, PlanLimits, Subscription } from '#server/billing/billing.schemas.ts'

export const LIMIT_LABELS: Record<LimitName, string> = {
  conversations: 'Conversations',
  messages: 'Messages',
  tokens: 'Tokens',
  widgets: 'Widgets',
  team_members: 'Team members',
  agents: 'Agents',
}

/** SPEC section 9: the limits assumed when the answer leaves them out. */
const DEFAULT_LIMITS: Partial<PlanLimits> = { tokens: 100_000, conversations: 2_000, agents: 3 }
const OLD_NAMES: Partial<Record<LimitName, string>> = {
  tokens: 'token_limit',
  conversations: 'conversation_limit',
  agents: 'agent_limit',
}

export const UNLIMITED = -1

/** A limit of features_limit, under its name or its older one (token_limit…); -1 when not given and without a default. */
export function limitOf(limits: Subscription['features_limit'], name: LimitName): number {
  const value = limits[name] ?? (OLD_NAMES[name] ? limits[OLD_NAMES[name]] : undefined)
  return typeof value === 'number' ? value : (DEFAULT_LIMITS[name] ?? UNLIMITED)
}

/** The share of a limit used, 0 to 100; 0 for an unlimited one. */
export function percentUsed(used: number, limit: number): number {
  if (limit === UNLIMITED || limit < 0) return 0
  if (limit === 0) return 100
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)))
}

/** A limit for reading: ∞ for unlimited, else K/M when exact ("4K"), otherwise the figure ("3,500"). */
export const formatLimit = (limit: number) => (limit === UNLIMITED ? '∞' : formatCount(limit))

/** A plan's limit in a table: exact below a million ("3,500"), else M ("6.0M"); ∞ for unlimited. */
export const formatPlanLimit = (limit: number) =>
  limit === UNLIMITED ? '∞' : limit >= 1_000_000 ? formatCount(limit) : limit.toLocaleString('en-US')

export interface UsageFigure {
  name: LimitName
  label: string
  used: number
  limit: number
  percent: number
}

const USED: Record<LimitName, (subscription: Subscription) => number> = {
  conversations: (subscription) => subscription.conversations_usage,
  messages: (subscription) => subscription.messages_usage,
  tokens: (subscription) => subscription.tokens_usage,
  widgets: (subscription) => subscription.widgets_created,
  team_members: (subscription) => subscription.team_members_created,
  agents: (subscription) => subscription.agents_created,
}

/** The figures of the named limits, in the order given. */
export function usageFigures(subscription: Subscription, names: readonly LimitName[]): UsageFigure[] {
  return names.map((name) => {
    const used = USED[name](subscription) ?? 0
    const limit = limitOf(subscription.features_limit, name)
    return { name, label: LIMIT_LABELS[name], used, limit, percent: percentUsed(used, limit) }
  })
}
