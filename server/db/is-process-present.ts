import type { Prisma } from './generated/prisma/client.ts'

/**
 * Whether the process that took this presence key (holdProcessPresence) is still alive: its session
 * lock cannot be shared. When it can, the shared lock lasts only to the end of the caller's transaction
 * (or this statement), and nobody else ever asks for that key. Never ask about this process's own key:
 * on PGlite's single connection it would look free.
 */
export async function isProcessPresent(database: { prisma: Prisma.TransactionClient }, key: bigint): Promise<boolean> {
  const [row] = await database.prisma.$queryRaw<
    { free: boolean }[]
  >`select pg_try_advisory_xact_lock_shared(${key}::bigint) as free`
  return row?.free === false
}
