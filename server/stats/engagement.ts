import type { Actor } from '../accounts/actor.ts'
import { visibleAgentsWhere } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import { TIME_ZONE_MESSAGE, type Engagement } from './stats.schemas.ts'

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

export interface EngagementByWeekdayOptions {
  actor: Actor
  days: number
  timeZone: string
  now?: Date
}

/**
 * Engagement by weekday over the last `days` days, in the user's time zone: conversations started
 * and answers given (AI messages replying to someone; greetings are not answers). Monday first.
 */
export async function engagementByWeekday(
  database: Database,
  { actor, days, timeZone, now = new Date() }: EngagementByWeekdayOptions,
): Promise<Engagement> {
  // Intl knows a few old zone names PostgreSQL does not: ask the database, which does the grouping.
  const known = await database.prisma.$queryRaw<
    unknown[]
  >`select 1 from pg_timezone_names where name = ${timeZone} limit 1`
  if (known.length === 0) throw new AppError('BAD_REQUEST', TIME_ZONE_MESSAGE)
  const since = new Date(now.getTime() - days * 86_400_000)
  const agentIds = (
    await database.prisma.agent.findMany({ where: visibleAgentsWhere(actor), select: { id: true } })
  ).map((agent) => agent.id)
  const [conversations, responses] = await Promise.all([
    database.prisma.$queryRaw<{ weekday: number; total: number }[]>`
      select extract(isodow from created_at at time zone ${timeZone})::int as weekday, count(*)::int as total
      from conversations
      where agent_id = any(${agentIds}::uuid[]) and not is_deleted and created_at >= ${since} and created_at <= ${now}
      group by 1`,
    database.prisma.$queryRaw<{ weekday: number; total: number }[]>`
      select extract(isodow from message.created_at at time zone ${timeZone})::int as weekday, count(*)::int as total
      from messages message join conversations conversation on conversation.id = message.conversation_id
      where conversation.agent_id = any(${agentIds}::uuid[]) and not conversation.is_deleted and not message.is_deleted
        and message.sender_type = 'ai' and message.reply_to_id is not null and message.created_at >= ${since} and message.created_at <= ${now}
      group by 1`,
  ])
  const countOn = (rows: { weekday: number; total: number }[], weekday: number) =>
    rows.find((row) => row.weekday === weekday)?.total ?? 0
  return WEEKDAYS.map((name, index) => ({
    name,
    conversations: countOn(conversations, index + 1),
    responses: countOn(responses, index + 1),
  }))
}
