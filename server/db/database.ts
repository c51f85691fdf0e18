import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import type { PrismaClient } from './generated/prisma/client.ts'
import type { LocalWrites } from './caching/local-writes.ts'

type DatabaseKind = 'embedded' | 'postgres'

/** pgvector: the extension answers vector queries; in-process: the server compares real[] vectors itself. */
export type VectorSearchMode = 'pgvector' | 'in-process'

export interface Database {
  prisma: PrismaClient
  kind: DatabaseKind
  /** Also feeds Prisma's schema engine, which migrates through the same connection settings. */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory
  /** Every write sent through Prisma, as it is sent: this process's caches hear of their own changes here. */
  localWrites: LocalWrites
  /** Runs statements on a connection of its own, outside Prisma and its pool (extension checks, advisory locks). */
  withRawConnection<T>(work: (query: RawQuery) => Promise<T>): Promise<T>
  /** Tells every process listening on the channel (PostgreSQL NOTIFY; in-process for the embedded database). */
  notify(channel: string, payload: string): Promise<void>
  /**
   * Hears the channel on a connection of its own (PostgreSQL LISTEN) until closed. onLost reports a broken
   * connection: nothing more is heard and the caller listens again (signals sent meanwhile are missed).
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost: (error: unknown) => void): Promise<Listening>
  close(): Promise<void>
}

export interface Listening {
  close(): Promise<void>
}

type RawQuery = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
