import type { Database } from '../db/database.ts'

/** True when the database answers a trivial query within the time limit. */
export async function checkDatabase(database: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  const query = database.prisma.$queryRaw`select 1`.then(
    () => true,
    () => false,
  )
  try {
    return await Promise.race([query, timeout])
  } finally {
    clearTimeout(timer)
  }
}
