// The dashboard calls' queries. Imports only zod.
import { z } from 'zod'

const RANGE_DAYS: Record<string, number> = {
  '7d': 7,
  week: 7,
  '30d': 30,
  month: 30,
  '90d': 90,
  quarter: 90,
  '365d': 365,
  year: 365,
}

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export const TIME_ZONE_MESSAGE = 'tz must be an IANA time zone such as Europe/Paris'

const timeZone = z.string().trim().max(64).refine(isTimeZone, { error: TIME_ZONE_MESSAGE }).default('UTC')

export const EngagementQuerySchema = z.object({
  range: z
    .string()
    .trim()
    .toLowerCase()
    .default('7d')
    .refine((value) => value in RANGE_DAYS || /^\d{1,3}$/.test(value), {
      error: 'range must be 7d, 30d, 90d or 365d (or week, month, quarter, year, or a number of days up to 365)',
    })
    .transform((value) => RANGE_DAYS[value] ?? Number(value))
    .pipe(
      z
        .number()
        .min(1, { error: 'range must be at least 1 day' })
        .max(365, { error: 'range must be at most 365 days' }),
    ),
  tz: timeZone,
})

export const RecentChatsQuerySchema = z.object({
  count: z.coerce
    .number({ error: 'count must be a whole number' })
    .int({ error: 'count must be a whole number' })
    .min(1, { error: 'count must be between 1 and 50' })
    .max(50, { error: 'count must be between 1 and 50' })
    .default(5),
})

// The answers. Their camelCase names (totalAgents, totalConversations, activeConversations, totalMessages,
// a trend's isPositive, a recent chat's lastMessage) are the SPEC's, section 3, word for word: the dashboard
// of the product they copy reads them so. Every name the SPEC leaves open is snake_case like every other
// answer (satisfaction, agent_id, agent_name); stats.schemas.test.ts keeps it so.

/** A change in percent against the previous period. */
const TrendSchema = z.strictObject({ value: z.number(), isPositive: z.boolean() })
export type Trend = z.infer<typeof TrendSchema>

/** GET /dashboard/api/stats/: the user's totals and this month's trends. */
export const DashboardStatsSchema = z.strictObject({
  totalAgents: z.number(),
  totalConversations: z.number(),
  activeConversations: z.number(),
  totalMessages: z.number(),
  trends: z.strictObject({ conversations: TrendSchema, messages: TrendSchema }),
  /** Answers rated in the last 30 days (thumbs up or down, by visitors and the team), and the share rated up in percent (null: none rated). */
  satisfaction: z.strictObject({ rate: z.number().nullable(), ratings: z.number() }),
})
export type DashboardStats = z.infer<typeof DashboardStatsSchema>

/** GET /dashboard/api/engagement/: one point a weekday, Monday first. */
export const EngagementSchema = z.array(
  z.strictObject({ name: z.string(), conversations: z.number(), responses: z.number() }),
)
export type Engagement = z.infer<typeof EngagementSchema>

/** GET /dashboard/api/recent-chats/: the latest conversations, most recent activity first. */
export const RecentChatsSchema = z.array(
  z.strictObject({
    id: z.string(),
    name: z.string(),
    lastMessage: z.string(),
    timestamp: z.string(),
    unread: z.number(),
    status: z.enum(['active', 'pending', 'completed']),
    agent_id: z.string(),
    agent_name: z.string(),
  }),
)
export type RecentChats = z.infer<typeof RecentChatsSchema>
