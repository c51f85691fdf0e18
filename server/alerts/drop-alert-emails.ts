import type { Prisma } from '../db/generated/prisma/client.ts'
import type { AlertKind } from './alert-kinds.ts'

export interface DropAlertEmailsOptions {
  accountId: string
  /** The alerts' kinds and the starts of their event keys (queueAlert's eventKey), e.g. a conversation's id. */
  events: { kind: AlertKind; eventKeyStart: string }[]
}

/**
 * Deletes the alert e-mails about erased data: those not sent yet are not sent, and those sent keep
 * their subject (which may name a visitor's address) no longer. One being sent at this moment goes out.
 * Answers how many went.
 */
export async function dropAlertEmails(
  transaction: Prisma.TransactionClient,
  { accountId, events }: DropAlertEmailsOptions,
): Promise<number> {
  if (events.length === 0) return 0
  // queueAlert's dedupe key: email:alert:<kind>:<eventKey>:<recipient>. Compared by prefix, never LIKE:
  // an address may hold % or _.
  const prefixes = events.map(({ kind, eventKeyStart }) => `email:alert:${kind}:${eventKeyStart}`)
  return transaction.$executeRaw`
    delete from jobs
    where kind = 'send-email' and account_id = ${accountId}::uuid and status <> 'running'
      and exists (select 1 from unnest(${prefixes}::text[]) prefix where left(dedupe_key, length(prefix)) = prefix)`
}
