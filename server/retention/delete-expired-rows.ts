import type { Database } from '../db/database.ts'
import { Prisma } from '../db/generated/prisma/client.ts'
import { SHOPIFY_IMPORT_JOBS } from '../shopify/jobs/shopify-job-kinds.ts'

const DAY_MS = 86_400_000

/** How long rows that no longer do anything are kept (docs/architecture.md, Data retention). */
const RETENTION_DAYS = {
  /** A used, replaced or expired e-mail link, after it was used or expired. */
  emailLinks: 7,
  /** A dashboard sign-in (its refresh tokens with it), after it ended: expired or revoked. */
  refreshTokenFamilies: 7,
  /** A finished job, after it finished: succeeded or cancelled. */
  succeededJobs: 30,
  /** A failed job, after it failed: its error is what an operator looks for. */
  failedJobs: 90,
  /**
   * A finished job with a dedupe key (an e-mail's event, a Shopify or Stripe delivery): the key keeps the
   * event to one job, and some events are reported again for as long as they hold (a plan's period, a
   * payment past due), so it stays longer than any of them.
   */
  keyedJobs: 400,
} as const

// A first sweep may meet a long backlog: small batches hold no lock for long, and each one gives the
// embedded database's event loop back to the requests.
const BATCH_SIZE = 500

interface DeletedRows {
  emailLinks: number
  refreshTokenFamilies: number
  jobs: number
}

/** Runs one batched delete (a statement deleting up to BATCH_SIZE rows) until nothing is left; answers how many went. */
async function deleteInBatches(deleteBatch: () => Promise<number>) {
  let deleted = 0
  for (;;) {
    const count = await deleteBatch()
    deleted += count
    if (count < BATCH_SIZE) return deleted
  }
}

/**
 * Deletes what has expired and no longer does anything: spent or expired e-mail links, ended dashboard
 * sign-ins with their refresh tokens, and finished jobs past their retention (RETENTION_DAYS). The latest
 * job of a knowledge item or a store import, and a website's latest successful crawl (whose skipped pages
 * the dashboard shows), stay whatever their age. Safe to run in two processes at once: each row is deleted once.
 */
export async function deleteExpiredRows(database: Database, now = new Date()): Promise<DeletedRows> {
  const { prisma } = database
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS)
  const linksBefore = before(RETENTION_DAYS.emailLinks)
  const emailLinks = await deleteInBatches(
    () => prisma.$executeRaw`
      delete from email_links where id in (
        select id from email_links where used_at < ${linksBefore} or expires_at < ${linksBefore} limit ${BATCH_SIZE})`,
  )
  const sessionsBefore = before(RETENTION_DAYS.refreshTokenFamilies)
  const refreshTokenFamilies = await deleteInBatches(
    () => prisma.$executeRaw`
      delete from refresh_token_families where id in (
        select id from refresh_token_families
        where revoked_at < ${sessionsBefore} or expires_at < ${sessionsBefore} limit ${BATCH_SIZE})`,
  )
  const [succeededBefore, failedBefore, keyedBefore] = [
    before(RETENTION_DAYS.succeededJobs),
    before(RETENTION_DAYS.failedJobs),
    before(RETENTION_DAYS.keyedJobs),
  ]
  // The screens read a knowledge item's latest job (its progress or error), a website's latest successful
  // crawl (its skipped pages) and a store's latest imports; other jobs (a webhook delivery, an e-mail) are
  // each their own subject, and go with their age.
  const keptLatest = Prisma.sql`(job.subject_type in ('document', 'text', 'website') or job.kind in (${Prisma.join([...SHOPIFY_IMPORT_JOBS])}))`
  const jobs = await deleteInBatches(
    () => prisma.$executeRaw`
      delete from jobs where id in (
        select job.id from jobs job
        where (
            (job.status in ('succeeded', 'cancelled') and coalesce(job.finished_at, job.updated_at) < ${succeededBefore})
            or (job.status = 'failed' and coalesce(job.finished_at, job.updated_at) < ${failedBefore})
          )
          and (job.dedupe_key is null or coalesce(job.finished_at, job.updated_at) < ${keyedBefore})
          and not (${keptLatest} and job.subject_id is not null and (
            not exists (
              select 1 from jobs newer
              where newer.subject_id = job.subject_id and newer.kind = job.kind and newer.created_at > job.created_at)
            or (job.status = 'succeeded' and not exists (
              select 1 from jobs newer
              where newer.subject_id = job.subject_id and newer.kind = job.kind and newer.status = 'succeeded'
                and newer.created_at > job.created_at))))
        limit ${BATCH_SIZE})`,
  )
  return { emailLinks, refreshTokenFamilies, jobs }
}
