import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import { enqueueJobsOf } from '../../jobs/job-kind.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { KnowledgeItemType } from '../indexing/knowledge-item.ts'
import type { EmbedAllAnswer } from '../knowledge.schemas.ts'
import { CRAWL_WEBSITE_JOB } from '../websites/crawl-website-job.ts'
import { EMBED_ITEM } from './embed-item-job.ts'

export interface EmbedAllPendingOptions {
  queue: JobQueue
  actor: Actor
  agentId: string
  type: KnowledgeItemType
}

const NOUNS: Record<KnowledgeItemType, [string, string]> = {
  document: ['document', 'documents'],
  text: ['text', 'texts'],
  website: ['website', 'websites'],
}

// What Embed would act on, per kind, with no embed job queued or running for it. Fixed SQL texts: the agent
// id is the only parameter.
const PENDING_ITEMS: Record<KnowledgeItemType, string> = {
  text: 'from texts item where item.agent_id = $1::uuid and not item.embedded',
  document: "from documents item where item.agent_id = $1::uuid and not item.embedded and item.status = 'ready'",
  // A website being crawled again waits for its crawl, which embeds what changed once it is embedded.
  website: `from websites item where item.agent_id = $1::uuid and not item.embedded and item.content_status = 'crawled'
    and not exists (select 1 from jobs where jobs.active_key = '${CRAWL_WEBSITE_JOB}:' || item.id::text)`,
}
const NO_ACTIVE_EMBED = `not exists (select 1 from jobs where jobs.active_key = '${EMBED_ITEM.kind}:' || item.id::text)`

/** How many items of the kind are waiting for Embed (the lists show Embed all while there are some). */
async function pendingIdsOf(database: Database, agentId: string, type: KnowledgeItemType) {
  const rows = await database.prisma.$queryRawUnsafe<{ id: string }[]>(
    `select item.id::text as id ${PENDING_ITEMS[type]} and ${NO_ACTIVE_EMBED}`,
    agentId,
  )
  return rows.map((row) => row.id)
}

export async function countPendingEmbeds(
  reader: Pick<Database['prisma'], '$queryRawUnsafe'>,
  agentId: string,
  type: KnowledgeItemType,
) {
  const [row] = await reader.$queryRawUnsafe<{ count: number }[]>(
    `select count(*)::int as count ${PENDING_ITEMS[type]} and ${NO_ACTIVE_EMBED}`,
    agentId,
  )
  return row?.count ?? 0
}

/**
 * "Embed all": queues an embed job for every item of one kind that is waiting for one. Items with a job
 * already queued or running, and websites being crawled, are left to it; two calls at once (two tabs,
 * two server processes) queue each item once.
 */
export async function embedAllPending(
  database: Database,
  { queue, actor, agentId, type }: EmbedAllPendingOptions,
): Promise<EmbedAllAnswer> {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const ids = await pendingIdsOf(database, agentId, type)
  const queued = await database.prisma.$transaction(async (transaction) => {
    const added = await enqueueJobsOf(
      transaction,
      EMBED_ITEM,
      ids.map((id) => ({
        accountId: agent.accountId,
        agentId,
        subjectType: type,
        subjectId: id,
        payload: { type, id },
        onlyOneActive: true,
      })),
    )
    // A text's status follows its embedding; those whose job was there already say so too.
    if (type === 'text' && ids.length > 0)
      await transaction.text.updateMany({
        where: { id: { in: ids }, embedded: false },
        data: { status: 'processing', statusError: null },
      })
    return added
  })
  if (queued > 0) queue.wake()
  const [one, many] = NOUNS[type]
  return {
    message:
      queued === 0 ? `No ${many} are waiting to be embedded` : `Embedding ${queued} ${queued === 1 ? one : many}`,
    queued,
  }
}
