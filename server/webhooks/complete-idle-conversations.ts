import type { Database } from '../db/database.ts'
import type { Logger } from '../logging/create-logger.ts'
import { conversationEventData } from './conversation-event-data.ts'
import { emitWebhookEvent } from './emit-webhook-event.ts'

const BATCH = 200
// Idle conversations older than this when first looked at are not reported late (an endpoint added today
// does not hear of last year's chats).
const REPORT_WINDOW_MS = 86_400_000

export interface CompleteIdleOptions {
  idleMinutes: number
  now?: Date
}

/**
 * Sends conversation.completed for conversations that had no message for `idleMinutes`, in accounts with an
 * endpoint that hears it: once per quiet spell (a message after it makes it complete again later). The
 * conditional update is what decides, so two processes never both report one.
 */
export async function completeIdleConversations(
  database: Database,
  { idleMinutes, now = new Date() }: CompleteIdleOptions,
) {
  const cutoff = new Date(now.getTime() - idleMinutes * 60_000)
  const candidates = await database.prisma.conversation.findMany({
    where: {
      isDeleted: false,
      lastMessageAt: { lt: cutoff, gte: new Date(cutoff.getTime() - REPORT_WINDOW_MS) },
      account: { webhookEndpoints: { some: { events: { has: 'conversation.completed' } } } },
      OR: [{ completedAt: null }, { completedAt: { lt: database.prisma.conversation.fields.lastMessageAt } }],
    },
    take: BATCH,
    include: { agent: { select: { name: true } } },
  })
  let reported = 0
  for (const conversation of candidates) {
    await database.prisma.$transaction(async (tx) => {
      const claimed = await tx.conversation.updateMany({
        // Still quiet (a message since the look would make it active), and not reported since.
        where: {
          id: conversation.id,
          lastMessageAt: { lt: cutoff },
          OR: [{ completedAt: null }, { completedAt: { lt: conversation.lastMessageAt } }],
        },
        data: { completedAt: now },
      })
      if (claimed.count === 0) return
      reported += 1
      await emitWebhookEvent(tx, {
        accountId: conversation.accountId,
        event: 'conversation.completed',
        eventKey: `${conversation.id}:${conversation.lastMessageAt.toISOString()}`,
        data: {
          ...conversationEventData(conversation),
          reason: 'idle',
          last_message_at: conversation.lastMessageAt.toISOString(),
        },
      })
    })
  }
  return reported
}

/** Looks for idle conversations every minute where jobs run; stop() ends it. */
export function scheduleIdleCompletions(
  database: Database,
  { logger, idleMinutes }: { logger: Logger; idleMinutes: number },
) {
  let running = false
  const look = async () => {
    if (running) return
    running = true
    try {
      await completeIdleConversations(database, { idleMinutes })
    } catch (error) {
      logger.warn({ err: error }, 'could not look for idle conversations to report as completed')
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void look(), 60_000)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
