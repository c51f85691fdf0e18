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
 * looks never overlap (signals arriving meanwhile make one more). That first look is the answering
 * request's statement; those a signal asks for are the signal's, counted apart like everything a signal
 * causes (Database.listen): each look runs in the context of whatever asked for it, so the request's count
 * does not depend on when the signals, its own writes' among them, happen to arrive.
 */
export async function watchForPerson({
  database,
  signals,
  conversationId,
}: WatchForPersonOptions): Promise<PersonWatch> {
  const joined = new AbortController()
  const look = async () => {
    if (joined.signal.aborted) return
    try {
      const conversation = await database.prisma.conversation.findUnique({
        where: { id: conversationId },
        select: { personName: true },
      })
      if (conversation?.personName) joined.abort()
    } catch {
      // A look that failed: the join itself fails the answer, which then cannot be saved (interruptAnswerForPerson).
    }
  }
  // Each look begins after the one before it ends. A promise's reaction runs in the context in which it
  // was added, so a look queued here runs as whoever queued it.
  let last: Promise<void> = Promise.resolve()
  let waiting: Promise<void> | null = null
  // Signals arriving before a look they asked for begins share it: it will see their changes too.
  const lookAgain = () => {
    if (waiting) return
    waiting = last = last.then(() => {
      waiting = null
      return look()
    })
  }
  const unwatch = await signals.watch(conversationId, () => {
    if (!joined.signal.aborted) lookAgain()
  })
  // The first look is the caller's, after any a signal asked for meanwhile.
  await (last = last.then(look))
  return { joined: joined.signal, stop: unwatch }
}
