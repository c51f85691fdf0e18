import type { Database } from '../../db/database.ts'
import type { ConversationSignals } from '../../live/conversation-signals.ts'

export interface WatchForPersonOptions {
  database: Database
  signals: ConversationSignals
  conversationId: string
}

export interface PersonWatch {
  /** Aborted once a team member is in the chat. */
  joined: AbortSignal
  stop(): void
}

/**
 * Follows a visitor's chat while the agent answers there, on whichever process: a team member joining (on
 * this process or another, heard through ConversationSignals) aborts `joined`, so the answer stops
 * streaming. One look is made at once, so a join committed just before the watch began is not missed;
 * looks never overlap (signals arriving meanwhile make one more).
 */
export async function watchForPerson({
  database,
  signals,
  conversationId,
}: WatchForPersonOptions): Promise<PersonWatch> {
  const joined = new AbortController()
  let looking = false
  let again = false
  const look = async () => {
    if (looking) {
      again = true
      return
    }
    looking = true
    try {
      do {
        again = false
        const conversation = await database.prisma.conversation.findUnique({
          where: { id: conversationId },
          select: { personName: true },
        })
        if (conversation?.personName) joined.abort()
      } while (again && !joined.signal.aborted)
    } catch {
      // A look that failed: the join itself fails the answer, which then cannot be saved (interruptAnswerForPerson).
    } finally {
      looking = false
    }
  }
  const unwatch = await signals.watch(conversationId, () => {
    if (!joined.signal.aborted) void look()
  })
  await look()
  return { joined: joined.signal, stop: unwatch }
}
