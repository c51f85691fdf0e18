import { Prisma } from '../../db/generated/prisma/client.ts'

/**
 * One row: the agent's index version and passage count (knowledge_index_stats, which every change to its
 * passages moves), and the oldest transaction the statement's snapshot may not see (its xmin, as a
 * 32-bit xid): rows any later commit writes have an xmin from there on.
 */
export const agentState = (agentId: string) => Prisma.sql`
  select coalesce(sum(version), 0)::text as version, coalesce(sum(chunk_count), 0)::float8 as passages,
         (pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296)::text as watermark
  from knowledge_index_stats where agent_id = ${agentId}::uuid`
