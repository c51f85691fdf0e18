import type { Plan } from '../db/generated/prisma/client.ts'

/** The six limits of a plan (SPEC section 9), per billing period for the first three; -1 means unlimited. */
export type PlanLimits = {
  conversations: number
  messages: number
  tokens: number
  widgets: number
  team_members: number
  agents: number
}

export type LimitName = keyof PlanLimits
/** What is used up over a billing period, as opposed to what exists (agents, widgets, team members). */
export type MeteredLimit = 'conversations' | 'messages' | 'tokens'
export type ResourceLimit = 'agents' | 'widgets' | 'team_members'

export const UNLIMITED = -1

export const LIMIT_NAMES: LimitName[] = ['conversations', 'messages', 'tokens', 'widgets', 'team_members', 'agents']

export function limitsOfPlan(
  plan: Pick<
    Plan,
    'conversationLimit' | 'messageLimit' | 'tokenLimit' | 'widgetLimit' | 'teamMemberLimit' | 'agentLimit'
  >,
): PlanLimits {
  return {
    conversations: plan.conversationLimit,
    messages: plan.messageLimit,
    tokens: Number(plan.tokenLimit),
    widgets: plan.widgetLimit,
    team_members: plan.teamMemberLimit,
    agents: plan.agentLimit,
  }
}

/**
 * An account without a live plan (its trial or subscription ended): it keeps everything it has, but its
 * agents do not answer, and it may create no more than SPEC section 9's default of 3 agents, one widget
 * and one team member (docs/billing.md).
 */
export const NO_PLAN_LIMITS: PlanLimits = {
  conversations: 0,
  messages: 0,
  tokens: 0,
  widgets: 1,
  team_members: 1,
  agents: 3,
}

/** Whether `used + adding` stays within `limit`. */
export const fitsLimit = (limit: number, used: number, adding = 1) => limit === UNLIMITED || used + adding <= limit

/** How a limit reads in a sentence: "4 agents", "3,500 messages a month". */
export function describeLimit(limit: LimitName, value: number): string {
  const count = value.toLocaleString('en-US')
  const nouns: Record<LimitName, [string, string]> = {
    conversations: ['conversation a month', 'conversations a month'],
    messages: ['message a month', 'messages a month'],
    tokens: ['AI token a month', 'AI tokens a month'],
    widgets: ['widget', 'widgets'],
    team_members: ['team member', 'team members'],
    agents: ['agent', 'agents'],
  }
  return `${count} ${nouns[limit][value === 1 ? 0 : 1]}`
}
