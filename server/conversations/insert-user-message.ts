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
export function newUserMessageRow(
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
    createdAt: now,
    updatedAt: now,
  }
}

/** The plan's limits the statement applies: unlimited where limits are not enforced. */
export const limitOf = ({ standing }: MessageAdmission, metric: 'messages' | 'tokens') =>
  standing.enforced ? standing.limits[metric] : UNLIMITED

/**
 * The usual new message, in one statement (one round trip, one implicit transaction): when the
 * conversation's last message is not a user message still waiting for its answer, the message is
 * counted on the period (and its answer's tokens reserved, each refused past an enforced limit), saved as
 * this process's answer attempt, and the conversation moved on; a refused limit undoes all of it. Null
 * when the statement did not apply or was undone: saveUserMessage then decides in a transaction of its
 * own, with the conversation locked (and says why, 402 or 409, where it refuses).
 */
export async function insertUserMessage(
  database: Database,
  options: InsertUserMessageOptions,
): Promise<Message | null> {
  const { accountId, conversation, text, attachments, admission, presenceKey, previewCharacters } = options
  const { standing } = admission
  if (standing.enforced && !standing.live) return null
  const fromDashboard = conversation.channel === 'dashboard'
  const now = new Date()
  const message = newUserMessageRow(options, now)
  const messagesLimit = limitOf(admission, 'messages')
  const tokensLimit = limitOf(admission, 'tokens')
  const tokens = message.answerReservedTokens
  try {
    const rows = await database.prisma.$queryRaw<{ saved: boolean; history: HistoryRow[] | null }[]>`
      with last as (
        select sender_type from messages where conversation_id = ${conversation.id}::uuid and not is_deleted
        order by created_at desc, id desc limit 1
      ),
      clear as (
        select 1 as ok where not exists (select 1 from last where sender_type = 'user')
      ),
      charged as (
        insert into usage_counters (id, account_id, metric, scope, period_start, period_end, value, updated_at)
        select gen_random_uuid(), ${accountId}::uuid, wanted.metric::"UsageMetric", '', ${standing.period.start},
          ${standing.period.end}, wanted.amount, now()
        from clear, (values ('messages', 1::bigint, ${messagesLimit}::bigint), ('tokens', ${tokens}::bigint, ${tokensLimit}::bigint))
          as wanted (metric, amount, allowed)
        where wanted.amount > 0 and (wanted.allowed = -1 or wanted.amount <= wanted.allowed)
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
        select ${message.id}::uuid, ${accountId}::uuid, ${conversation.id}::uuid, 'user', ${text},
          ${JSON.stringify(attachments)}::jsonb, ${fromDashboard}, ${presenceKey}, ${now}, ${message.answerReservedTokens},
          ${message.answerReservedPeriod}::timestamptz, ${now}, ${now}
        from clear
        returning id
      ),
      moved as (
        update conversations set status = 'pending', last_message_preview = ${text.slice(0, previewCharacters)},
          last_message_at = ${now}, unread_count = unread_count + ${fromDashboard ? 0 : 1}, updated_at = ${now}
        where id = ${conversation.id}::uuid and exists (select 1 from saved)
        returning id
      )
      select exists (select 1 from saved) as saved,
        -- The turns before it, as conversationHistory reads them (the statement sees the conversation as it was).
        (select json_agg(json_build_object('senderType', turn.sender_type, 'text', turn.text) order by turn.created_at, turn.id)
          from (select sender_type, text, created_at, id from messages
                where conversation_id = ${conversation.id}::uuid and not is_deleted and sender_type <> 'notice'
                  and created_at < ${now}
                order by created_at desc, id desc limit ${HISTORY_MESSAGES}) as turn) as history,
        case when exists (select 1 from clear) and (select count(*) from charged) <> ${tokens > 0 ? 2 : 1}
          then agentdesk_refuse('plan_limit') end as refused,
        (select count(*) from moved) as moved`
    const row = rows[0]
    if (!row?.saved) return null
    historyReadWith(message, (row.history ?? []).map(turnOf))
    return message
  } catch {
    // A plan limit reached, a message of the same instant, a counter that cannot be written: nothing was
    // written (one statement), and the transaction decides, saying why where it refuses.
    return null
  }
}
