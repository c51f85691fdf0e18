import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from './generated/prisma/client.ts'
import type { Database } from './database.ts'

/** A PostgreSQL server at DATABASE_URL, through a pg pool shared by Prisma and raw queries. */
export async function openPostgresDatabase(connectionString: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5_000 })
  // An idle client that loses its server emits 'error'; without a listener that would crash the process.
  pool.on('error', () => {})
  const adapterFactory = new PrismaPg(pool)
  const prisma = new PrismaClient({ adapter: adapterFactory })
  return {
    prisma,
    kind: 'postgres',
    adapterFactory,
    async withRawConnection(work) {
      const client = await pool.connect()
      try {
        return await work((sql, params) => client.query(sql, params))
      } finally {
        client.release()
      }
    },
    async close() {
      await prisma.$disconnect()
      await pool.end()
    },
  }
}
