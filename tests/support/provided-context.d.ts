import 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseKind: 'embedded' | 'postgres'
    /** A migrated PGlite data folder, or the name of a migrated PostgreSQL template database. */
    databaseTemplate: string
  }
}
