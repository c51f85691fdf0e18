import type { Actor } from '../../accounts/actor.ts'
import { paginationOf } from '../../agents/agents.schemas.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { Prisma } from '../../db/generated/prisma/client.ts'
import { countPendingEmbeds } from '../embedding/embed-all-pending.ts'
import { latestJobsOf, readAtOneMoment } from '../embedding/latest-jobs.ts'
import type { ItemListQuery, TextList } from '../knowledge.schemas.ts'
import { listOrder, pageWindow } from '../list-order.ts'
import { toTextView } from './text-view.ts'

export interface ListTextsOptions {
  actor: Actor
  agentId: string
  query: ItemListQuery
}

export async function listTexts(database: Database, { actor, agentId, query }: ListTextsOptions): Promise<TextList> {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  const where: Prisma.TextWhereInput = {
    agentId,
    ...(query.search
      ? {
          OR: [
            { title: { contains: query.search, mode: 'insensitive' } },
            { content: { contains: query.search, mode: 'insensitive' } },
          ],
        }
      : {}),
  }
  const orderBy = listOrder(query, 'title')
  const { totalCount, texts, pendingCount, jobs } = await readAtOneMoment(database, async (reader) => {
    const rows = await reader.text.findMany({ where, orderBy, ...pageWindow(query) })
    return {
      totalCount: await reader.text.count({ where }),
      texts: rows,
      pendingCount: await countPendingEmbeds(reader, agentId, 'text'),
      jobs: await latestJobsOf(
        reader,
        rows.map((row) => row.id),
      ),
    }
  })
  return {
    texts: texts.map((text) => toTextView(text, jobs.get(text.id))),
    pagination: paginationOf(query, totalCount),
    pending_count: pendingCount,
  }
}
