import type { Prisma } from '../db/generated/prisma/client.ts'

export type AuditAction = 'lead.erased' | 'visitor.erased'

export interface RecordAuditEventOptions {
  accountId: string
  actorUserId: string
  action: AuditAction
  /** What it was about, already masked (maskEmail): never erased data in clear. */
  subject: string
  counts: Record<string, number>
}

/**
 * Writes the audit line in the caller's transaction, so it commits with what it records or not at all;
 * the caller logs it (logAuditEvent) once committed.
 */
export function recordAuditEvent(
  transaction: Prisma.TransactionClient,
  { accountId, actorUserId, action, subject, counts }: RecordAuditEventOptions,
) {
  return transaction.auditEvent.create({ data: { accountId, actorUserId, action, subject, counts } })
}
