import type { Database } from '../db/database.ts'
import type { Conversation, Message, Prisma } from '../db/generated/prisma/client.ts'
import { newRowId } from '../db/new-row-id.ts'
import { UNLIMITED } from '../billing/plan-limits.ts'
import type { MessageAdmission } from './admit-message.ts'
import { HISTORY_MESSAGES, historyReadWith, turnOf } from './conversation-history.ts'

type HistoryRow = { senderType: string; text: string }

export interface InsertUserMessageOptions {
  accountId: string
  conversation: Pick<Conversation, 'id' | 'channel'>
  text: string
  attachments: object[]
  admission: MessageAdmission
  /** This process's presence key: the new answer attempt is its own. */
  presenceKey: bigint
  previewCharacters: number
}

/** The message row the statement writes, as Prisma would return it. */
function newUserMessageRow(
  { accountId, conversation, text, attachments, admission, presenceKey }: InsertUserMessageOptions,
  now: Date,
): Message {
  const { standing, reserveTokens } = admission
  const reserved = standing.enforced && reserveTokens > 0
  return {
    id: newRowId(now.getTime()),
    accountId,
    conversationId: conversation.id,
    senderType: 'user',
    senderName: null,
    text,
    messageLink: null,
    sources: [],
    productGids: [],
    attachments: attachments as Prisma.JsonArray,
    isRead: conversation.channel === 'dashboard',
    isDeleted: false,
    isArchived: false,
    model: null,
    replyToId: null,
    ungrounded: null,
    answerError: null,
    answerOwner: presenceKey,
    answerStartedAt: now,
    partialAnswer: null,
    answerPromptTokens: null,
    answerReservedTokens: reserved ? reserveTokens : 0,
    answerReservedPeriod: reserved ? standing.period.start : null,
    promptTokens: 0,
    completionTokens: 0,
    editedAt: null,
    versionOfId: null,
    version: 1,
    hiddenWithId: null,
    createdAt: now,
    updatedAt: now,
  }
}

/** The plan's limits the statement applies: unlimited where limits are not enforced. */
export const limitOf = ({ standing }: MessageAdmission, metric: 'messages' | 'tokens') =>
  standing.enforced ? standing.limits[metric] : UNLIMITED

/** One message by insertUserMessages' rules; null when it did not apply or was refused (nothing written). */
export async function insertUserMessage(
  database: Database,
  options: InsertUserMessageOptions,
): Promise<Message | null> {
  const { standing } = options.admission
  if (standing.enforced && !standing.live) return null
  try {
    return (await insertUserMessages(database, [options]))[0] ?? null
  } catch {
    // A plan limit reached, a message of the same instant, a counter that cannot be written: nothing was
    // written (one statement), and the transaction decides, saying why where it refuses.
    return null
  }
}

/**
 * New messages of one account and plan standing, each to its own conversation, in one statement (one
 * round trip, one implicit transaction), each by the same rules: when the conversation's last message is
 * not a user message still waiting for its answer, the message is saved as this process's answer attempt
 * and the conversation moved on; the plan's counters grow by the messages saved and the tokens their
 * answers reserve, refused past an enforced limit, which undoes all of it (the statement throws). Each
 * message is answered with its row, the turns before it read by the same statement, or null where its
 * conversation was not clear: saveUserMessage then decides in a transaction of its own, with the
 * conversation locked (and says why, 402 or 409, where it refuses).
 */
export async function insertUserMessages(
  database: Database,
  batch: InsertUserMessageOptions[],
): Promise<(Message | null)[]> {
  const { accountId, admission, presenceKey } = batch[0]!
  const messages = batch.map((options) => newUserMessageRow(options, new Date()))
  const messagesLimit = limitOf(admission, 'messages')
  const tokensLimit = limitOf(admission, 'tokens')
  const rows = await database.prisma.$queryRaw<{ id: string; saved: boolean; history: HistoryRow[] | null }[]>`
    with input as (
      select * from unnest(
        ${messages.map((message) => message.id)}::text[]::uuid[],
        ${messages.map((message) => message.conversationId)}::text[]::uuid[],
        ${messages.map((message) => message.text)}::text[],
        ${batch.map((options) => JSON.stringify(options.attachments))}::text[]::jsonb[],
        ${messages.map((message) => message.isRead)}::boolean[],
        ${messages.map((message) => message.createdAt.toISOString())}::text[]::timestamptz[],
        ${messages.map((message) => message.answerReservedTokens)}::int[],
        ${messages.map((message) => message.answerReservedPeriod?.toISOString() ?? null)}::text[]::timestamptz[],
        ${batch.map((options) => options.text.slice(0, options.previewCharacters))}::text[],
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
