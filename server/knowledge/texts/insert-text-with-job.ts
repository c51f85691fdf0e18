import type { Database } from '../../db/database.ts'
import type { Job, Prisma, Text } from '../../db/generated/prisma/client.ts'
import { newRowId } from '../../db/new-row-id.ts'
import { jobRow } from '../../jobs/enqueue-job.ts'
import { newJobOf } from '../../jobs/job-kind.ts'
import { EMBED_ITEM } from '../embedding/embed-item-job.ts'
import type { NewText } from '../knowledge.schemas.ts'
import { textFieldsOf } from './text-fields.ts'

export interface InsertTextWithJobOptions {
  accountId: string
  agentId: string
  text: NewText
}

/**
 * A new text of an agent that trains on its own, saved as being embedded with its embed job queued, in
 * one statement (one round trip, one implicit transaction: both or neither). The job is the one
 * enqueueJobOf would write (newJobOf, jobRow); a new text has no job yet, so its one-active key cannot
 * clash. Every column is written, so the rows returned are exactly the rows stored.
 */
export async function insertTextWithJob(
  database: Database,
  { accountId, agentId, text }: InsertTextWithJobOptions,
): Promise<{ created: Text; job: Job }> {
  const now = new Date()
  const created: Text = {
    id: newRowId(now.getTime()),
    accountId,
    agentId,
    ...textFieldsOf(text),
    sourceUrl: null,
    status: 'processing',
    statusError: null,
    embedded: false,
    embeddedAt: null,
    createdAt: now,
    updatedAt: now,
  }
  const row = jobRow(
    newJobOf(EMBED_ITEM, {
      accountId,
      agentId,
      subjectType: 'text',
      subjectId: created.id,
      payload: { type: 'text', id: created.id },
      onlyOneActive: true,
      runAfter: now,
    }),
  )
  const job: Job = {
    ...row,
    id: newRowId(now.getTime()),
    accountId,
    agentId,
    subjectType: 'text',
    subjectId: created.id,
    payload: row.payload as Prisma.JsonValue,
    dedupeKey: null,
    status: 'queued',
    progress: 0,
    progressDetail: null,
    attempts: 0,
    lockedBy: null,
    leaseExpiresAt: null,
    lastError: null,
    result: null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
  }
  await database.prisma.$executeRaw`
    with saved as (
      insert into texts (id, account_id, agent_id, title, content, description, tags, meta_data, source_url, status,
        status_error, embedded, embedded_at, created_at, updated_at)
      values (${created.id}::uuid, ${accountId}::uuid, ${agentId}::uuid, ${created.title}, ${created.content},
        ${created.description}, ${JSON.stringify(created.tags)}::jsonb, ${JSON.stringify(created.metaData)}::jsonb,
        null, 'processing', null, false, null, ${now}, ${now})
      returning id
    )
    insert into jobs (id, kind, account_id, agent_id, subject_type, subject_id, payload, dedupe_key, active_key, status,
      progress, progress_detail, attempts, max_attempts, run_after, locked_by, lease_expires_at, last_error, result,
      created_at, updated_at, finished_at)
    select ${job.id}::uuid, ${job.kind}, ${accountId}::uuid, ${agentId}::uuid, 'text', saved.id,
      ${JSON.stringify(job.payload)}::jsonb, null, ${job.activeKey}, 'queued', 0, null, 0, ${job.maxAttempts}, ${now}, null,
      null, null, null, ${now}, ${now}, null
    from saved`
  return { created, job }
}
