import type { Actor } from '../../accounts/actor.ts'
import { paginationOf } from '../../agents/agents.schemas.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { Prisma } from '../../db/generated/prisma/client.ts'
import { countPendingEmbeds } from '../embedding/embed-all-pending.ts'
import { latestJobsOf, readAtOneMoment } from '../embedding/latest-jobs.ts'
import type { ItemListQuery, WebsiteList } from '../knowledge.schemas.ts'
import { listOrder, pageWindow } from '../list-order.ts'
import { toWebsiteView } from './website-view.ts'

export interface ListWebsitesOptions {
  actor: Actor
  agentId: string
  query: ItemListQuery
}

export async function listWebsites(
  database: Database,
  { actor, agentId, query }: ListWebsitesOptions,
): Promise<WebsiteList> {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  const where: Prisma.WebsiteWhereInput = {
    agentId,
    ...(query.search
      ? {
          OR: [
            { name: { contains: query.search, mode: 'insensitive' } },
            { url: { contains: query.search, mode: 'insensitive' } },
          ],
        }
      : {}),
  }
  const orderBy = listOrder(query, 'name')
  const { totalCount, websites, pendingCount, jobs } = await readAtOneMoment(database, async (reader) => {
    const rows = await reader.website.findMany({ where, orderBy, ...pageWindow(query) })
    return {
      totalCount: await reader.website.count({ where }),
      websites: rows,
      pendingCount: await countPendingEmbeds(reader, agentId, 'website'),
      jobs: await latestJobsOf(
        reader,
        rows.map((row) => row.id),
      ),
    }
  })
  return {
    websites: websites.map((website) => toWebsiteView(website, jobs.get(website.id))),
    pagination: paginationOf(query, totalCount),
    pending_count: pendingCount,
  }
}
