import type { BillingNotification as NotificationView } from '../billing/billing.schemas.ts'
import type { Actor } from '../accounts/actor.ts'
import { visibleAgentsWhere } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'

/** How many unread visitor conversations the bell names one by one; the rest are counted in one line. */
const NAMED = 5
const PREVIEW_CHARACTERS = 120

const preview = (text: string | null) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim()
  return flat.length > PREVIEW_CHARACTERS ? `${flat.slice(0, PREVIEW_CHARACTERS - 1)}…` : flat
}

/**
 * The header bell's conversations: visitors (the website widget, the Shopify storefront) waiting with
 * messages nobody of the team has read, in the agents the user sees, newest first. Each opens its
 * conversation; past five, one line counts the rest (its `count`, which the bell's number adds). Worked out from the conversations (nothing is
 * stored): reading a conversation removes it.
 */
export async function unreadVisitorNotifications(database: Database, actor: Actor): Promise<NotificationView[]> {
  const where = {
    isDeleted: false,
    isArchived: false,
    unreadCount: { gt: 0 },
    // Every visitor's channel, whichever plugs in next: only the dashboard's own chats are not a visitor's.
    channel: { not: 'dashboard' as const },
    agent: visibleAgentsWhere(actor),
  }
  const [total, newest] = await Promise.all([
    database.prisma.conversation.count({ where }),
    database.prisma.conversation.findMany({
      where,
      orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
      take: NAMED,
      include: { agent: { select: { name: true } } },
    }),
  ])
  const notifications: NotificationView[] = newest.map((conversation) => ({
    id: `conversation:unread:${conversation.id}:${conversation.lastMessageAt.toISOString()}`,
    kind: 'conversation',
    level: 'info',
    title: `A visitor is waiting for ${conversation.agent.name}`,
    message: `${conversation.name}: ${preview(conversation.lastMessagePreview)}`,
    action_url: `/app/conversations?conversation=${conversation.id}`,
  }))
  const more = total - NAMED
  if (more > 0)
    notifications.push({
      id: `conversation:unread:more:${total}`,
      kind: 'conversation',
      level: 'info',
      title: `${more} more ${more === 1 ? 'conversation' : 'conversations'} with unread messages`,
      count: more,
      message: 'Visitors are waiting in the Conversations inbox.',
      action_url: '/app/conversations',
    })
  return notifications
}
