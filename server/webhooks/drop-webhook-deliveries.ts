import type { Prisma } from '../db/generated/prisma/client.ts'
import { DELIVER_WEBHOOK } from './deliver-webhook-kind.ts'

export interface DropWebhookDeliveriesOptions {
  accountId: string
  /** Events about these conversations (their data's conversation_id). */
  conversationIds: string[]
  /** Events about these leads (contact.provided's lead_id). */
  leadIds?: string[]
  /** Events naming this visitor's address (data.email or data.visitor_email), lower-cased. */
  email?: string | null
  /** The agents those events by address may be about (data.agent_id); null: any of the account's. */
  agentIds?: string[] | null
}

/**
 * Deletes the account's webhook deliveries about an erased visitor (their log rows carry the visitor's
 * data) with the jobs still waiting to send them. A delivery being sent at this moment goes out; its job
 * then finds no row and ends without a retry. Answers how many deliveries went.
 */
export async function dropWebhookDeliveries(
  transaction: Prisma.TransactionClient,
  { accountId, conversationIds, leadIds = [], email = null, agentIds = null }: DropWebhookDeliveriesOptions,
): Promise<number> {
  if (conversationIds.length === 0 && leadIds.length === 0 && !email) return 0
  const rows = await transaction.$queryRaw<{ count: number }[]>`
    with gone as (
      delete from webhook_deliveries
      where account_id = ${accountId}::uuid
        and (payload->'data'->>'conversation_id' = any(${conversationIds}::text[])
          or payload->'data'->>'lead_id' = any(${leadIds}::text[])
          or ((lower(payload->'data'->>'email') = ${email} or lower(payload->'data'->>'visitor_email') = ${email})
            and (${agentIds}::text[] is null or payload->'data'->>'agent_id' = any(${agentIds}::text[]))))
      returning id
    ), waiting as (
      delete from jobs
      where kind = ${DELIVER_WEBHOOK.kind} and status <> 'running' and subject_id in (select id from gone)
      returning id
    )
    select (select count(*) from gone)::int as count, (select count(*) from waiting)::int as jobs`
  return rows[0]?.count ?? 0
}
