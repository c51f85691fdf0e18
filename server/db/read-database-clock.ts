import type { Database } from './database.ts'

/**
 * The database's time now: one clock for every process, so moments two servers record compare truly
 * however their own clocks drift (job leases, the order of payment providers' reads).
 */
export async function readDatabaseClock(database: Database): Promise<Date> {
  const [row] = await database.prisma.$queryRaw<{ now: Date }[]>`select clock_timestamp() as now`
  if (!row) throw new Error('The database did not tell its time.')
  return row.now
}
