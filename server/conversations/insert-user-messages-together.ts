import { AsyncResource } from 'node:async_hooks'
import type { Database } from '../db/database.ts'
import { oncePerDatabase } from '../db/once-per-database.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import type { Logger } from '../logging/create-logger.ts'
import { insertUserMessage, insertUserMessages, limitOf, type InsertUserMessageOptions } from './insert-user-message.ts'

interface Pending {
  options: InsertUserMessageOptions
  /** The request that sent it: a statement it leads is counted for that request (count-statements.ts). */
  scope: AsyncResource
  resolve(message: Message | null): void
}

/** The most messages in one statement, and how many statements of one standing may be on their way at once. */
const MAX_MESSAGES = 100
const PER_STANDING = 2

type Write = (options: InsertUserMessageOptions) => Promise<Message | null>

/**
 * insertUserMessage, for a crowd: the messages that arrive while others of their account are being saved
 * are saved together in one statement (those of one account, plan standing and process, one per
 * conversation), each by the same rules. When the plan has no room for them all, or the statement fails
 * for any one of them, each is saved alone, so a limit admits exactly as many as it would one at a time.
 * Alone, a message is saved at once. Accounts do not wait for each other.
 */
export function insertUserMessageTogether(
  { database, logger }: { database: Database; logger: Logger },
  options: InsertUserMessageOptions,
): Promise<Message | null> {
  return writerOf(database, logger)(options)
}

const standingKey = ({ accountId, admission, presenceKey }: InsertUserMessageOptions) =>
  [
    accountId,
    presenceKey,
    admission.standing.enforced,
    admission.standing.period.start.getTime(),
    admission.standing.period.end.getTime(),
    limitOf(admission, 'messages'),
    limitOf(admission, 'tokens'),
  ].join('|')

const writerOf = oncePerDatabase(createWriter)

function createWriter(database: Database, logger: Logger): Write {
  const pending: Pending[] = []
  const running = new Map<string, number>() // statements on their way, by standing
  let isScheduled = false
  // Conversations with a message on its way: their next waits for it, so a conversation's messages are
  // saved in the order they came.
  const busy = new Set<string>()
  const mayGo = (each: Pending, key: string) =>
    !busy.has(each.options.conversation.id) && (running.get(key) ?? 0) < PER_STANDING

  // The next batch: the first waiting message that may go, and those that may share its statement.
  function takeBatch(): { key: string; batch: Pending[] } | null {
    const first = pending.find((each) => mayGo(each, standingKey(each.options)))
    if (!first) return null
    const key = standingKey(first.options)
    const conversations = new Set<string>()
    const batch: Pending[] = []
    for (let index = 0; index < pending.length && batch.length < MAX_MESSAGES;) {
      const candidate = pending[index]!
      const conversationId = candidate.options.conversation.id
      if (standingKey(candidate.options) === key && mayGo(candidate, key) && !conversations.has(conversationId)) {
        conversations.add(conversationId)
        batch.push(candidate)
        pending.splice(index, 1)
      } else index += 1
    }
    return { key, batch }
  }

  function send() {
    isScheduled = false
    for (let next = takeBatch(); next; next = takeBatch()) {
      const { key, batch } = next
      const conversations = batch.map(({ options }) => options.conversation.id)
      for (const id of conversations) busy.add(id)
      running.set(key, (running.get(key) ?? 0) + 1)
      void batch[0]!.scope.runInAsyncScope(() =>
        saveBatch(database, logger, batch).finally(() => {
          for (const id of conversations) busy.delete(id)
          const left = (running.get(key) ?? 1) - 1
          if (left === 0) running.delete(key)
          else running.set(key, left)
          send()
        }),
      )
    }
  }

  return (options) =>
    new Promise<Message | null>((resolve) => {
      pending.push({ options, resolve, scope: new AsyncResource('agentdesk.message-batch') })
      if (!isScheduled) {
        isScheduled = true
        queueMicrotask(send)
      }
    })
}

const isPlanRefusal = (error: unknown) => error instanceof Error && error.message.includes('agentdesk_refused')

// Never throws: every message is resolved, saved (the row) or not (null, and the caller decides).
async function saveBatch(database: Database, logger: Logger, batch: Pending[]) {
  const alone = (each: Pending) =>
    insertUserMessage(database, each.options).then(each.resolve, () => each.resolve(null))
  const live = batch.filter(({ options }) => !(options.admission.standing.enforced && !options.admission.standing.live))
  for (const each of batch) if (!live.includes(each)) each.resolve(null)
  if (live.length <= 1) return Promise.all(live.map(alone))
  let saved: (Message | null)[]
  try {
    saved = await insertUserMessages(
      database,
      live.map((each) => each.options),
    )
  } catch (error) {
    // The plan's room for fewer than all of them is expected; anything else is worth knowing.
    if (!isPlanRefusal(error))
      logger.warn({ err: error, messages: live.length }, 'messages saved together were refused: each is saved alone')
    return Promise.all(live.map(alone))
  }
  for (const [index, each] of live.entries()) each.resolve(saved[index] ?? null)
}
