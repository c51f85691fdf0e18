import type { Website } from '../../db/generated/prisma/client.ts'
import type { WebsiteView } from '../knowledge.schemas.ts'
import type { JobView } from '../embedding/job-view.ts'

/** A website as the API shows it (SPEC section 3), with its crawl settings and latest job. */
export function toWebsiteView(website: Website, job: JobView | undefined): WebsiteView {
  return {
    website_id: website.id,
    id: website.id,
    agent_id: website.agentId,
    website_url: website.url,
    website_name: website.name,
    crawling: website.crawling,
    content_status: website.contentStatus,
    status_error: website.statusError,
    pages_found: website.pagesFound,
    pages_crawled: website.pagesCrawled,
    max_pages: website.maxPages,
    max_depth: website.maxDepth,
    include_patterns: website.includePatterns,
    exclude_patterns: website.excludePatterns,
    recrawl_interval_hours: website.recrawlIntervalHours,
    next_crawl_at: website.nextCrawlAt?.toISOString() ?? null,
    embedded: website.embedded,
    embedded_at: website.embeddedAt?.toISOString() ?? null,
    last_crawled_at: website.lastCrawledAt?.toISOString() ?? null,
    created_at: website.createdAt.toISOString(),
    updated_at: website.updatedAt.toISOString(),
    job: job ?? null,
  }
}
