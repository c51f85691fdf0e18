import type { Database } from '../../server/db/database.ts'

/** Where a test database lives, in the variables the server reads. */
export interface DatabaseLocation {
  DATA_DIR: string
  DATABASE_URL?: string
  /** Removes the database for good (a lent one: gives it back). */
  destroy(): Promise<void>
}

export interface TestDatabase {
  database: Database
  location: DatabaseLocation
  /** Closes the connection (if still open) and removes the database (a lent one: gives it back). */
  cleanup(): Promise<void>
}
