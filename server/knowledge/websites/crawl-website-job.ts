import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import { z } from 'zod'
import { PermanentJobError, type JobHandler } from '../../jobs/job-handler.ts'
import { defineJobKind, handlerOf } from '../../jobs/job-kind.ts'
import type { ChunkOptions } from '../indexing/chunk-section.ts'
import type { Embedder } from '../indexing/create-embedder.ts'
import { embedWhenRead } from '../embedding/queue-embedding.ts'
import { indexSections } from '../indexing/index-sections.ts'
import { replaceSections, sectionsWithoutChunks } from '../indexing/replace-sections.ts'
import { CrawlError } from './crawl/crawl-error.ts'
import { crawlSite } from './crawl/crawl-site.ts'
import { parseAllowList } from './crawl/network-policy.ts'
import { createSafeFetch } from './crawl/safe-fetch.ts'

/** Crawls one website; a site that is down is tried three times, then waits for its next scheduled crawl. */
export const CRAWL_WEBSITE = defineJobKind({
  kind: 'crawl-website',
  payload: z.object({ id: z.uuid() }),
  maxAttempts: 3,
})
export const CRAWL_WEBSITE_JOB = CRAWL_WEBSITE.kind

export interface CrawlJobDependencies {
  config: Config
  database: Database
  embedder: Embedder | null
  chunk: ChunkOptions
}

/**
 * Crawls a website item into sections, one per page. Pages whose text did not change keep their chunks;
 * when the website is embedded, changed pages are indexed at once, so answers follow the site.
 */
export function createCrawlWebsiteHandler({ config, database, embedder, chunk }: CrawlJobDependencies): JobHandler {
  const allowList = parseAllowList(config.CRAWLER_ALLOWED_NETWORKS)
  return handlerOf(CRAWL_WEBSITE, {
    async run({ payload: { id }, reportProgress, signal }) {
      const website = await database.prisma.website.findUnique({ where: { id } })
      if (!website) throw new PermanentJobError('The website was deleted before it could be crawled.')
      const fetcher = createSafeFetch({
        allowList,
        userAgent: config.CRAWL_USER_AGENT,
        timeoutMs: config.CRAWL_TIMEOUT_MS,
        maxBytes: config.CRAWL_PAGE_MAX_BYTES,
      })
      try {
        const result = await crawlSite(fetcher, {
          startUrl: website.url,
          followLinks: website.crawling,
          maxPages: website.crawling ? website.maxPages : 1,
          maxDepth: website.maxDepth,
          includePatterns: website.includePatterns,
          excludePatterns: website.excludePatterns,
          userAgent: config.CRAWL_USER_AGENT,
          delayMs: config.CRAWL_DELAY_MS,
          concurrency: 2,
          signal,
          onPage: async (done, found) => {
            await reportProgress(Math.min(90, (done / Math.max(found, 1)) * 90), `Read ${done} of ${found} pages`)
            await database.prisma.website.updateMany({ where: { id }, data: { pagesCrawled: done, pagesFound: found } })
          },
        })
        if (result.pages.length === 0)
          throw new PermanentJobError(
            `No readable pages were found${result.skipped[0] ? `: ${result.skipped[0].reason}` : '.'}`,
          )
        const item = { type: 'website' as const, id, agentId: website.agentId, accountId: website.accountId }
        const changes = await replaceSections(
          database,
          item,
          result.pages.map((page) => ({ title: page.title, sourceUrl: page.url, content: page.text })),
        )
        // Read again: it may have been embedded while the pages were being fetched. Every section without
        // chunks is indexed, including those a failed earlier run left behind.
        const isEmbedded =
          (await database.prisma.website.findUnique({ where: { id }, select: { embedded: true } }))?.embedded ?? false
        const unindexed = isEmbedded ? await sectionsWithoutChunks(database, 'website', id) : []
        if (unindexed.length > 0) {
          await reportProgress(92, 'Indexing the pages that changed')
          await indexSections(database, { item, sectionIds: unindexed, options: { chunk, embedder, signal } })
        }
        const now = new Date()
        await database.prisma.website.update({
          where: { id },
          data: {
            contentStatus: isEmbedded ? 'available' : 'crawled',
            statusError: null,
            pagesFound: result.found,
            pagesCrawled: result.pages.length,
            lastCrawledAt: now,
            nextCrawlAt: website.recrawlIntervalHours
              ? new Date(now.getTime() + website.recrawlIntervalHours * 3_600_000)
              : null,
          },
        })
        if (!isEmbedded) await embedWhenRead(database, { item })
        return {
          pages: result.pages.length,
          changed: changes.changedSectionIds.length,
          removed: changes.removedSectionIds.length,
          skipped: result.skipped.slice(0, 50),
        }
      } catch (caught) {
        throw caught instanceof CrawlError && caught.isPermanent ? new PermanentJobError(caught.message) : caught
      } finally {
        await fetcher.close()
      }
    },
    async onFinalFailure({ id }, reason, writer) {
      const website = await writer.website.findUnique({
        where: { id },
        select: { recrawlIntervalHours: true },
      })
      if (!website) return
      // A failed crawl keeps its schedule: the next interval tries again.
      const nextCrawlAt = website.recrawlIntervalHours
        ? new Date(Date.now() + website.recrawlIntervalHours * 3_600_000)
        : null
      await writer.website.updateMany({
        where: { id },
        data: { contentStatus: 'failed', statusError: reason, nextCrawlAt },
      })
    },
  })
}
