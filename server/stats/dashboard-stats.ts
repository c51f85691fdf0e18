import type { Actor } from '../accounts/actor.ts'
import { visibleAgentsWhere } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import type { DashboardStats } from './stats.schemas.ts'
import { trendOf } from './trend.ts'

const DAY_MS = 86_400_000
// Trends compare the last 30 days with the 30 before.
const TREND_DAYS = 30
// A conversation is currently active when it is open and had a message in the last day.
const ACTIVE_WITHIN_MS = DAY_MS

/** The share of ratings that were thumbs up, in whole percent; null when nothing was rated. */
function satisfactionOf(up: number, down: number) {
  const ratings = up + down
  return { rate: ratings === 0 ? null : Math.round((100 * up) / ratings), ratings }
}

/**
 * The stat cards: agents the user sees, their conversations (not deleted) and messages, the
 * conversations active now, trends of conversations and messages over the last 30 days, and how satisfied
 * raters were with the answers in those 30 days.
 */
export async function dashboardStats(database: Database, actor: Actor, now = new Date()): Promise<DashboardStats> {
  const agents = visibleAgentsWhere(actor)
  const conversations = { isDeleted: false, agent: agents }
  const messages = { isDeleted: false, conversation: conversations }
  const periodStart = new Date(now.getTime() - TREND_DAYS * DAY_MS)
  const previousStart = new Date(now.getTime() - 2 * TREND_DAYS * DAY_MS)
  const [
    totalAgents,
    totalConversations,
    activeConversations,
    totalMessages,
    recentConversations,
    earlierConversations,
    recentMessages,
    earlierMessages,
    ratedUp,
    ratedDown,
  ] = await Promise.all([
    database.prisma.agent.count({ where: agents }),
    database.prisma.conversation.count({ where: conversations }),
    database.prisma.conversation.count({
      where: { ...conversations, isActive: true, lastMessageAt: { gte: new Date(now.getTime() - ACTIVE_WITHIN_MS) } },
    }),
    database.prisma.message.count({ where: messages }),
    database.prisma.conversation.count({ where: { ...conversations, createdAt: { gte: periodStart, lte: now } } }),
    database.prisma.conversation.count({
      where: { ...conversations, createdAt: { gte: previousStart, lt: periodStart } },
    }),
    database.prisma.message.count({ where: { ...messages, createdAt: { gte: periodStart, lte: now } } }),
    database.prisma.message.count({ where: { ...messages, createdAt: { gte: previousStart, lt: periodStart } } }),
    ...(['up', 'down'] as const).map((rating) =>
      database.prisma.answerFeedback.count({
        where: { rating, updatedAt: { gte: periodStart, lte: now }, message: messages },
      }),
    ),
  ])
  return {
    totalAgents,
    totalConversations,
    activeConversations,
    totalMessages,
    trends: {
      conversations: trendOf(recentConversations, earlierConversations),
      messages: trendOf(recentMessages, earlierMessages),
    },
    satisfaction: satisfactionOf(ratedUp ?? 0, ratedDown ?? 0),
  }
}
