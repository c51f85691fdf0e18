import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import type { PrismaClient } from './generated/prisma/client.ts'

type DatabaseKind = 'embedded' | 'postgres'

/** pgvector: the extension answers vector queries; in-process: the server compares real[] vectors itself. */
export type VectorSearchMode = 'pgvector' | 'in-process'

export interface Database {
  prisma: PrismaClient
  kind: DatabaseKind
  /** Also feeds Prisma's schema engine, which migrates through the same connection settings. */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory
  /** Runs statements on a connection of its own, outside Prisma and its pool (extension checks, advisory locks). */
  withRawConnection<T>(work: (query: RawQuery) => Promise<T>): Promise<T>
  close(): Promise<void>
}

type RawQuery = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
