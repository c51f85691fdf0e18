import type { Database } from '../db/database.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import { HISTORY_MESSAGES, historyReadWith, turnOf } from './conversation-history.ts'
import { insertUserMessage, limitOf, newUserMessageRow, type InsertUserMessageOptions } from './insert-user-message.ts'

type HistoryRow = { senderType: string; text: string }

interface Pending {
  options: InsertUserMessageOptions
  resolve(message: Message | null): void
}

/** The most messages in one statement, and how many such statements may be on their way at once. */
const MAX_MESSAGES = 100
const CONCURRENCY = 2

const writers = new WeakMap<Database, (options: InsertUserMessageOptions) => Promise<Message | null>>()

/**
 * insertUserMessage, for a crowd: the messages that arrive while others are being saved are saved
 * together in one statement (those of one account and plan standing, one per conversation), with the
 * same rules, one by one in the statement. When the plan has no room for them all, or the statement fails
 * for any one of them, each is saved alone, so a limit admits exactly as many as it would one at a time.
 * Alone, a message is saved at once by insertUserMessage.
 */
export function insertUserMessageTogether(
  database: Database,
  options: InsertUserMessageOptions,
): Promise<Message | null> {
  let write = writers.get(database)
  if (!write) {
    write = createWriter(database)
    writers.set(database, write)
  }
  return write(options)
}

const standingKey = ({ accountId, admission }: InsertUserMessageOptions) =>
  [
    accountId,
    admission.standing.enforced,
    admission.standing.period.start.getTime(),
    admission.standing.period.end.getTime(),
    limitOf(admission, 'messages'),
    limitOf(admission, 'tokens'),
  ].join('|')

function createWriter(database: Database) {
  const pending: Pending[] = []
  let running = 0
  let isScheduled = false

  // Conversations with a message on its way: their next waits for it, so a conversation's messages are
  // saved in the order they came.
  const busy = new Set<string>()

  // The next batch: the first waiting message that may go and those that may share its statement.
  function takeBatch(): Pending[] {
    const conversations = new Set<string>()
    const batch: Pending[] = []
    let key: string | null = null
    for (let index = 0; index < pending.length && batch.length < MAX_MESSAGES;) {
      const candidate = pending[index]!
      const conversationId = candidate.options.conversation.id
      key ??= busy.has(conversationId) ? null : standingKey(candidate.options)
      if (
        key !== null &&
        standingKey(candidate.options) === key &&
        !conversations.has(conversationId) &&
        !busy.has(conversationId)
      ) {
        conversations.add(conversationId)
        batch.push(candidate)
        pending.splice(index, 1)
      } else index += 1
    }
    return batch
  }

  function send() {
    isScheduled = false
    while (running < CONCURRENCY && pending.length > 0) {
      const batch = takeBatch()
      if (batch.length === 0) return // each waiting message waits for its conversation's
      const conversations = batch.map(({ options }) => options.conversation.id)
      for (const id of conversations) busy.add(id)
      running += 1
      saveBatch(database, batch).finally(() => {
        for (const id of conversations) busy.delete(id)
        running -= 1
        send()
      })
    }
  }

  return (options: InsertUserMessageOptions) =>
    new Promise<Message | null>((resolve) => {
      pending.push({ options, resolve })
      if (!isScheduled) {
        isScheduled = true
        queueMicrotask(send)
      }
    })
}

// Never throws: every message is resolved, saved (the row) or not (null, and the caller decides).
async function saveBatch(database: Database, batch: Pending[]) {
  const alone = (each: Pending) =>
    insertUserMessage(database, each.options).then(each.resolve, () => each.resolve(null))
  const live = batch.filter(({ options }) => !(options.admission.standing.enforced && !options.admission.standing.live))
  for (const each of batch) if (!live.includes(each)) each.resolve(null)
  if (live.length <= 1) return Promise.all(live.map(alone))
  const saved = await insertMany(database, live).catch(() => null)
  if (!saved) return Promise.all(live.map(alone))
  for (const [index, each] of live.entries()) each.resolve(saved[index] ?? null)
}

/** The messages in one statement: each saved (its row) or not (null); throws, nothing written, when refused. */
async function insertMany(database: Database, batch: Pending[]): Promise<(Message | null)[]> {
  const first = batch[0]!.options
  const { accountId, admission, presenceKey } = first
  const messages = batch.map(({ options }) => newUserMessageRow(options, new Date()))
  const messagesLimit = limitOf(admission, 'messages')
  const tokensLimit = limitOf(admission, 'tokens')
  const rows = await database.prisma.$queryRaw<{ id: string; saved: boolean; history: HistoryRow[] | null }[]>`
    with input as (
      select * from unnest(
        ${messages.map((message) => message.id)}::text[]::uuid[],
        ${messages.map((message) => message.conversationId)}::text[]::uuid[],
        ${messages.map((message) => message.text)}::text[],
        ${batch.map(({ options }) => JSON.stringify(options.attachments))}::text[]::jsonb[],
        ${messages.map((message) => message.isRead)}::boolean[],
        ${messages.map((message) => message.createdAt.toISOString())}::text[]::timestamptz[],
        ${messages.map((message) => message.answerReservedTokens)}::int[],
        ${messages.map((message) => message.answerReservedPeriod?.toISOString() ?? null)}::text[]::timestamptz[],
        ${batch.map(({ options }) => options.text.slice(0, options.previewCharacters))}::text[],
        ${messages.map((message) => (message.isRead ? 0 : 1))}::int[])
        as i (id, conversation_id, text, attachments, is_read, moment, reserved_tokens, reserved_period, preview, unread)
    ),
    clear as (
      select input.* from input
      where not exists (
        select 1 from (select sender_type from messages m where m.conversation_id = input.conversation_id
                         and not m.is_deleted order by m.created_at desc, m.id desc limit 1) as last
        where last.sender_type = 'user')
    ),
    wanted as (
      select metric, amount, allowed from (values
        ('messages', (select count(*) from clear)::bigint, ${messagesLimit}::bigint),
        ('tokens', (select coalesce(sum(reserved_tokens), 0) from clear)::bigint, ${tokensLimit}::bigint))
        as w (metric, amount, allowed)
      where amount > 0
    ),
    charged as (
      insert into usage_counters (id, account_id, metric, scope, period_start, period_end, value, updated_at)
      select gen_random_uuid(), ${accountId}::uuid, metric::"UsageMetric", '', ${admission.standing.period.start},
        ${admission.standing.period.end}, amount, now()
      from wanted where allowed = -1 or amount <= allowed
      on conflict (account_id, metric, scope, period_start) do update
        set value = usage_counters.value + excluded.value, updated_at = now()
        where (case excluded.metric when 'messages' then ${messagesLimit}::bigint else ${tokensLimit}::bigint end) = -1
          or usage_counters.value + excluded.value
            <= (case excluded.metric when 'messages' then ${messagesLimit}::bigint else ${tokensLimit}::bigint end)
      returning metric
    ),
    saved as (
      insert into messages (id, account_id, conversation_id, sender_type, text, attachments, is_read, answer_owner,
        answer_started_at, answer_reserved_tokens, answer_reserved_period, created_at, updated_at)
      select id, ${accountId}::uuid, conversation_id, 'user', text, attachments, is_read, ${presenceKey}, moment,
        reserved_tokens, reserved_period, moment, moment
      from clear
      returning id
    ),
    moved as (
      update conversations c set status = 'pending', last_message_preview = clear.preview,
        last_message_at = clear.moment, unread_count = c.unread_count + clear.unread, updated_at = clear.moment
      from clear where c.id = clear.conversation_id and exists (select 1 from saved)
      returning c.id
    )
    select input.id::text as id, exists (select 1 from clear where clear.id = input.id) as saved,
      -- The turns before each, as conversationHistory reads them (the statement sees them as they were).
      (select json_agg(json_build_object('senderType', turn.sender_type, 'text', turn.text) order by turn.created_at, turn.id)
        from (select sender_type, text, created_at, id from messages
              where conversation_id = input.conversation_id and not is_deleted and sender_type <> 'notice'
                and created_at < input.moment
              order by created_at desc, id desc limit ${HISTORY_MESSAGES}) as turn) as history,
      case when exists (select 1 from clear) and (select count(*) from charged) <> (select count(*) from wanted)
        then agentdesk_refuse('plan_limit') end as refused,
      (select count(*) from moved) as moved
    from input`
  const byId = new Map(rows.map((row) => [row.id, row]))
  return messages.map((message) => {
    const row = byId.get(message.id)
    if (!row?.saved) return null
    historyReadWith(message, (row.history ?? []).map(turnOf))
    return message
  })
}
