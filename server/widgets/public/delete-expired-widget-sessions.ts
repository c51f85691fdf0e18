import type { Database } from '../../db/database.ts'

// A first sweep may meet a long backlog: small batches hold no lock for long, and each one gives the
// embedded database's event loop back to the requests.
const BATCH_SIZE = 500

/**
 * Deletes the widget sessions that have ended (`expiresAt` passed), and with them, by cascade, the
 * refresh tokens they spent. Once a session has ended none of its tokens is accepted, current or spent,
 * so remembering them catches nothing; a live session keeps every one it spent. Returns how many went.
 */
export async function deleteExpiredWidgetSessions(database: Database, now = new Date()): Promise<number> {
  let deleted = 0
  for (;;) {
    const expired = await database.prisma.widgetSession.findMany({
      where: { expiresAt: { lte: now } },
      select: { id: true },
      take: BATCH_SIZE,
    })
    if (expired.length === 0) return deleted
    const removed = await database.prisma.widgetSession.deleteMany({
      where: { id: { in: expired.map((session) => session.id) } },
    })
    deleted += removed.count
    if (expired.length < BATCH_SIZE) return deleted
  }
}
