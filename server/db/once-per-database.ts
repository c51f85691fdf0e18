import type { Database } from './database.ts'

/** What `make` builds for a database, built at its first use and kept as long as the database object lives. */
export function oncePerDatabase<T, Rest extends unknown[]>(
  make: (database: Database, ...rest: Rest) => T,
): (database: Database, ...rest: Rest) => T {
  const made = new WeakMap<Database, T>()
  return (database, ...rest) => {
    if (!made.has(database)) made.set(database, make(database, ...rest))
    return made.get(database) as T
  }
}
