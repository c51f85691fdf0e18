// Touch when a new count-then-write cap joins: give it a namespace of its own.
import type { Prisma } from './generated/prisma/client.ts'

// Advisory lock namespaces (the first key of pg_advisory_xact_lock), beside plan-enforcement's 7_234_016.
const CAP_NAMESPACES = {
  webhookEndpoints: 7_234_018,
  newLeadAlerts: 7_234_019,
  personRequestedAlerts: 7_234_020,
} as const

export interface LockCapOptions {
  cap: keyof typeof CAP_NAMESPACES
  /** Whose cap it is: the account or the agent counted. */
  ownerId: string
}

/**
 * Holds the owner's lock for a cap to the end of the transaction. A cap that counts rows and then writes
 * one lets two transactions (two processes) count the same rows and both pass; taking this lock before
 * counting queues them, and each counts what the one before committed (read committed: every statement
 * sees the latest commits).
 */
export async function lockCap(tx: Prisma.TransactionClient, { cap, ownerId }: LockCapOptions): Promise<void> {
  await tx.$executeRaw`select pg_advisory_xact_lock(${CAP_NAMESPACES[cap]}::int, hashtext(${ownerId}))`
}
