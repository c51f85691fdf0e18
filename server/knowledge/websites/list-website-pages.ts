import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import type { WebsitePage, WebsitePages } from '../knowledge.schemas.ts'
import { CRAWL_WEBSITE_JOB } from './crawl-website-job.ts'
import { requireWebsite } from './require-website.ts'

export interface ListWebsitePagesOptions {
  actor: Actor
  agentId: string
  websiteId: string
}

const skippedOf = (result: unknown): { url: string; reason: string }[] => {
  const skipped = (result as { skipped?: unknown } | null)?.skipped
  return Array.isArray(skipped)
    ? skipped.filter(
        (page): page is { url: string; reason: string } =>
          typeof page?.url === 'string' && typeof page?.reason === 'string',
      )
    : []
}

/**
 * The pages a website's crawls read (in crawl order, each read or embedded) and the pages its last
 * successful crawl skipped, with the reason (robots.txt, an error, too large...).
 */
export async function listWebsitePages(
  database: Database,
  { actor, agentId, websiteId }: ListWebsitePagesOptions,
): Promise<WebsitePages> {
  await requireWebsite(database, { actor, agentId, websiteId, need: 'read' })
  const [sections, lastCrawl] = await Promise.all([
    database.prisma.knowledgeSection.findMany({
      where: { websiteId },
      orderBy: { position: 'asc' },
      select: { sourceUrl: true, title: true, _count: { select: { chunks: true } } },
    }),
    database.prisma.job.findFirst({
      where: { kind: CRAWL_WEBSITE_JOB, subjectId: websiteId, status: 'succeeded' },
      orderBy: { createdAt: 'desc' },
      select: { result: true },
    }),
  ])
  const read: WebsitePage[] = sections.map((section) => ({
    url: section.sourceUrl ?? '',
    title: section.title,
    status: section._count.chunks > 0 ? 'embedded' : 'read',
    reason: null,
  }))
  const skipped: WebsitePage[] = skippedOf(lastCrawl?.result).map((page) => ({
    url: page.url,
    title: null,
    status: 'skipped',
    reason: page.reason,
  }))
  return { pages: [...read, ...skipped] }
}
