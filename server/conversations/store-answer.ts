import { randomUUID } from 'node:crypto'
import type { Answer } from '../chat/answering/answer-question.ts'
import type { Database } from '../db/database.ts'
import type { Conversation, Message, Prisma } from '../db/generated/prisma/client.ts'
import { newRowId } from '../db/new-row-id.ts'
import { usagePeriodOf } from '../usage/usage-period.ts'
import { reservationOf } from './answer-attempt.ts'
import type { BudgetCounter } from './channel.ts'

export interface StoreAnswerOptions {
  conversation: Pick<Conversation, 'id' | 'accountId' | 'channel'>
  userMessage: Message
  answer: Answer
  /** The channel's budget counter the answer also spends on (the widget's day), if any. */
  budget: BudgetCounter | null
}

const PREVIEW_CHARACTERS = 200

/**
 * saveAnswer's work for an answer with no products to record, in one statement (so one round trip and
 * one implicit transaction): the attempt is ended only if it is still this one, and only then are the
 * answer inserted, the conversation moved on, the reservation settled (or, unreserved, the tokens added)
 * and the channel's budget (a widget's day) charged. Null when the attempt was no longer this one's.
 */
export async function storeAnswer(
  database: Database,
  { conversation, userMessage, answer, budget }: StoreAnswerOptions,
): Promise<Message | null> {
  const reserved = reservationOf(userMessage)
  const spent = answer.promptTokens + answer.completionTokens
  const dashboard = conversation.channel === 'dashboard'
  // Unreserved tokens count on the period as it is now; a reservation is settled on its own period.
  const period = reserved ? null : await usagePeriodOf(database, conversation.accountId)
  const now = new Date()
  const aiMessage: Message = {
    id: newRowId(now.getTime()),
    accountId: userMessage.accountId,
    conversationId: conversation.id,
    senderType: 'ai',
    senderName: null,
    text: answer.text,
    messageLink: answer.messageLink ?? null,
    sources: answer.sources as unknown as Prisma.JsonArray,
    productGids: [],
    attachments: [],
    // In the dashboard the person reads the answer as it streams; a visitor's chat waits for the team.
    isRead: dashboard,
    isDeleted: false,
    isArchived: false,
    model: answer.model ?? null,
    replyToId: userMessage.id,
    ungrounded: answer.ungrounded ?? null,
    answerError: null,
    answerOwner: null,
    answerStartedAt: null,
    partialAnswer: null,
    answerPromptTokens: null,
    answerReservedTokens: 0,
    answerReservedPeriod: null,
    promptTokens: answer.promptTokens,
    completionTokens: answer.completionTokens,
    editedAt: null,
    versionOfId: null,
    version: 1,
    hiddenWithId: null,
    createdAt: now,
    updatedAt: now,
  }
  const rows = await database.prisma.$queryRaw<{ saved: boolean }[]>`
    with attempt as (
      update messages set answer_owner = null, answer_started_at = null, partial_answer = null,
        answer_prompt_tokens = null, answer_reserved_tokens = 0, answer_reserved_period = null, updated_at = ${now}
      where id = ${userMessage.id}::uuid and answer_owner is not distinct from ${userMessage.answerOwner}
        and answer_started_at is not distinct from ${userMessage.answerStartedAt}
        and answer_error is null
      returning id
    ),
    answer as (
      insert into messages (id, account_id, conversation_id, sender_type, text, message_link, sources, is_read, model,
        reply_to_id, ungrounded, prompt_tokens, completion_tokens, created_at, updated_at)
      select ${aiMessage.id}::uuid, ${aiMessage.accountId}::uuid, ${conversation.id}::uuid, 'ai', ${aiMessage.text},
        ${aiMessage.messageLink}, ${JSON.stringify(aiMessage.sources)}::jsonb, ${aiMessage.isRead}, ${aiMessage.model},
        ${userMessage.id}::uuid, ${aiMessage.ungrounded}, ${aiMessage.promptTokens}, ${aiMessage.completionTokens}, ${now}, ${now}
      from attempt
      returning id
    ),
    moved as (
      update conversations set status = 'active', last_message_preview = ${answer.text.slice(0, PREVIEW_CHARACTERS)},
        last_message_at = ${now}, unread_count = unread_count + ${dashboard ? 0 : 1}, updated_at = ${now}
      where id = ${conversation.id}::uuid and exists (select 1 from attempt)
      returning id
    ),
    settled as (
      update usage_counters set value = greatest(value + ${reserved ? spent - reserved.tokens : 0}::bigint, 0), updated_at = now()
      where ${reserved !== null} and exists (select 1 from attempt) and account_id = ${conversation.accountId}::uuid
        and metric = 'tokens' and scope = '' and period_start = ${reserved?.periodStart ?? now}
      returning id
    ),
    counted as (
      insert into usage_counters (id, account_id, metric, scope, period_start, period_end, value, updated_at)
      select ${randomUUID()}::uuid, ${conversation.accountId}::uuid, 'tokens', '', ${period?.start ?? now}, ${period?.end ?? now}, ${spent}::bigint, now()
      from attempt where ${period !== null} and ${spent}::bigint > 0
      on conflict (account_id, metric, scope, period_start) do update set value = usage_counters.value + excluded.value, updated_at = now()
      returning id
    ),
    charged as (
      insert into usage_counters (id, account_id, metric, scope, period_start, period_end, value, updated_at)
      select ${randomUUID()}::uuid, ${conversation.accountId}::uuid, 'tokens', ${budget?.scope ?? ''}, ${budget?.period.start ?? now},
        ${budget?.period.end ?? now}, ${spent}::bigint, now()
      from attempt where ${budget !== null} and ${spent}::bigint > 0
      on conflict (account_id, metric, scope, period_start) do update set value = usage_counters.value + excluded.value, updated_at = now()
      returning id
    )
    select exists (select 1 from answer) as saved,
      (select count(*) from moved) + (select count(*) from settled) + (select count(*) from counted)
        + (select count(*) from charged) as touched`
  return rows[0]?.saved ? aiMessage : null
}
