import type { Database } from '../db/database.ts'
import { countApart } from '../db/count-statements.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import type { Logger } from '../logging/create-logger.ts'

// Copies that fall due within this window are written together, in one statement.
const GATHER_MS = 100

/** What an answer in progress has written so far, to keep on its user message. */
interface AnswerCopy {
  attempt: Pick<Message, 'id' | 'answerOwner' | 'answerStartedAt'>
  text: string
  promptTokens: number
  /** Aborted when the attempt is no longer this one's: another process took it for dead and failed it. */
  takenOver: AbortController
}

interface Queued extends AnswerCopy {
  written: () => void
}

/** One process's writer of answers in progress (one per database). */
export interface AnswerCopies {
  /** Keeps the copy with the next batch; resolves once it is written, lost (logged), or withdrawn. */
  keep(copy: AnswerCopy): Promise<void>
  /** Drops a copy not yet sent (the answer's final write supersedes it); false when it was already sent. */
  withdraw(attemptId: string): boolean
}

async function writeBatch(database: Database, logger: Logger, batch: Queued[]) {
  try {
    // The batch's statement is nobody's request: it is counted apart.
    const rows = await countApart(
      () => database.prisma.$queryRaw<{ id: string }[]>`
        update messages m set partial_answer = copy.text, answer_prompt_tokens = copy.tokens, updated_at = now()
        from unnest(${batch.map((copy) => copy.attempt.id)}::text[]::uuid[],
                    ${batch.map(({ attempt }) => (attempt.answerOwner === null ? null : String(attempt.answerOwner)))}::text[]::bigint[],
                    ${batch.map((copy) => copy.attempt.answerStartedAt?.toISOString() ?? null)}::text[]::timestamptz[],
                    ${batch.map((copy) => copy.text)}::text[],
                    ${batch.map((copy) => copy.promptTokens)}::int[])
          as copy (id, owner, started, text, tokens)
        where m.id = copy.id and m.answer_owner = copy.owner and m.answer_started_at = copy.started
          and m.answer_error is null
        returning m.id::text as id`,
    )
    const kept = new Set(rows.map((row) => row.id))
    for (const copy of batch) if (!kept.has(copy.attempt.id)) copy.takenOver.abort()
  } catch (error) {
    // One copy the database refuses must not cost the others theirs: each is tried alone.
    if (batch.length > 1) {
      await Promise.all(batch.map((copy) => writeBatch(database, logger, [copy])))
      return
    }
    // Only the copy is lost; the answer goes on, and its next copy tries again.
    logger.warn({ err: error, answers: batch.length }, 'could not save the answers in progress')
  }
  for (const copy of batch) copy.written()
}

function createAnswerCopies(database: Database, logger: Logger): AnswerCopies {
  const queued = new Map<string, Queued>()
  let timer: NodeJS.Timeout | null = null
  const flush = () => {
    timer = null
    const batch = [...queued.values()]
    queued.clear()
    if (batch.length > 0) void writeBatch(database, logger, batch)
  }
  return {
    keep(copy) {
      return new Promise((written) => {
        queued.get(copy.attempt.id)?.written()
        queued.set(copy.attempt.id, { ...copy, written })
        timer ??= setTimeout(flush, GATHER_MS).unref()
      })
    },
    withdraw(attemptId) {
      const copy = queued.get(attemptId)
      if (!copy) return false
      queued.delete(attemptId)
      copy.written()
      return true
    },
  }
}

const writers = new WeakMap<Database, AnswerCopies>()

/**
 * The answers in progress of every chat this process serves, kept in batches: one statement for all the
 * copies that fell due together, however many answers stream at once.
 */
export function answerCopiesOf(database: Database, logger: Logger): AnswerCopies {
  let copies = writers.get(database)
  if (!copies) {
    copies = createAnswerCopies(database, logger)
    writers.set(database, copies)
  }
  return copies
}
