import type { BillingNotification as NotificationView } from '../../billing/billing.schemas.ts'
import type { Actor } from '../../accounts/actor.ts'
import { visibleAgentsWhere } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'

/** How many waiting visitors the bell names one by one; the rest are counted in one line. */
const NAMED = 5

/**
 * The header bell's most urgent lines: visitors who asked for a person and whom nobody has joined yet, in
 * the agents the user sees, longest waiting first. Joining the chat (or handing it back) removes the line.
 */
export async function personRequestNotifications(database: Database, actor: Actor): Promise<NotificationView[]> {
  const where = {
    isDeleted: false,
    isActive: true,
    personRequestedAt: { not: null },
    personUserId: null,
    agent: visibleAgentsWhere(actor),
  }
  const [total, waiting] = await Promise.all([
    database.prisma.conversation.count({ where }),
    database.prisma.conversation.findMany({
      where,
      orderBy: [{ personRequestedAt: 'asc' }, { id: 'asc' }],
      take: NAMED,
      include: { agent: { select: { name: true } } },
    }),
  ])
  const notifications: NotificationView[] = waiting.map((conversation) => ({
    id: `conversation:person:${conversation.id}:${conversation.personRequestedAt?.toISOString()}`,
    kind: 'conversation',
    level: 'warning',
    title: 'A visitor asks for a person',
    message: `${conversation.name} is waiting in a chat with ${conversation.agent.name}.`,
    action_url: `/app/conversations?conversation=${conversation.id}`,
  }))
  const more = total - NAMED
  if (more > 0)
    notifications.push({
      id: `conversation:person:more:${total}`,
      kind: 'conversation',
      level: 'warning',
      title: `${more} more ${more === 1 ? 'visitor asks' : 'visitors ask'} for a person`,
      count: more,
      message: 'They are waiting in the Conversations inbox.',
      action_url: '/app/conversations',
    })
  return notifications
}
