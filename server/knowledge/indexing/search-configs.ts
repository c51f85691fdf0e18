import type { Database } from '../../db/database.ts'

const known = new WeakMap<Database, Promise<Set<string>>>()

/** The text-search configurations this database has (PGlite and PostgreSQL versions differ a little). */
export function availableSearchConfigs(database: Database): Promise<Set<string>> {
  let configs = known.get(database)
  if (!configs) {
    configs = database.prisma.$queryRaw<{ cfgname: string }[]>`select cfgname from pg_ts_config`.then(
      (rows) => new Set(rows.map((row) => row.cfgname)),
    )
    known.set(database, configs)
  }
  return configs
}
