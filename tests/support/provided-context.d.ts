import 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseKind: 'embedded' | 'postgres'
    /** A migrated PGlite data folder, or the name of a migrated PostgreSQL template database. */
    databaseTemplate: string
    /** A PGlite data folder started once and left without migrations (the embedded projects only). */
    blankDatabaseTemplate?: string
  }
}
