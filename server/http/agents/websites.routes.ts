import { Router, type RequestHandler } from 'express'
import { AGENT_NOT_FOUND } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import { latestJobsOf } from '../../knowledge/embedding/latest-jobs.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { ItemListQuerySchema, NewWebsiteSchema, UpdateWebsiteSchema } from '../../knowledge/knowledge.schemas.ts'
import { addWebsite } from '../../knowledge/websites/add-website.ts'
import { deleteWebsite } from '../../knowledge/websites/delete-website.ts'
import { listWebsitePages } from '../../knowledge/websites/list-website-pages.ts'
import { listWebsites } from '../../knowledge/websites/list-websites.ts'
import { queueCrawl } from '../../knowledge/websites/queue-crawl.ts'
import { requireWebsite, WEBSITE_NOT_FOUND } from '../../knowledge/websites/require-website.ts'
import { updateWebsite } from '../../knowledge/websites/update-website.ts'
import { toWebsiteView } from '../../knowledge/websites/website-view.ts'
import { actorOf } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'

/** SPEC section 7, Agent content: websites under /agents/{agentId}/websites/, and re-crawling. */
export function websiteRoutes({
  database,
  queue,
  signedIn,
}: {
  database: Database
  queue: JobQueue
  signedIn: RequestHandler
}): Router {
  const router = Router()
  const ids = (params: Record<string, unknown>) => ({
    agentId: parseIdParam(params.agentId, AGENT_NOT_FOUND),
    websiteId: parseIdParam(params.websiteId, WEBSITE_NOT_FOUND),
  })

  router.get('/agents/:agentId/websites/', signedIn, async (req, res) => {
    res.json(
      await listWebsites(database, {
        actor: actorOf(res),
        agentId: parseIdParam(req.params.agentId, AGENT_NOT_FOUND),
        query: ItemListQuerySchema.parse(req.query),
      }),
    )
  })
  router.post('/agents/:agentId/websites/create/', signedIn, async (req, res) => {
    res.status(201).json(
      await addWebsite(database, {
        queue,
        actor: actorOf(res),
        agentId: parseIdParam(req.params.agentId, AGENT_NOT_FOUND),
        website: NewWebsiteSchema.parse(req.body),
      }),
    )
  })
  router.get('/agents/:agentId/websites/:websiteId/', signedIn, async (req, res) => {
    const { agentId, websiteId } = ids(req.params)
    // The job first: one seen running beside an item already done only asks the caller to look again.
    const job = (await latestJobsOf(database.prisma, [websiteId])).get(websiteId)
    const website = await requireWebsite(database, { actor: actorOf(res), agentId, websiteId, need: 'read' })
    res.json(toWebsiteView(website, job))
  })
  router.get('/agents/:agentId/websites/:websiteId/pages/', signedIn, async (req, res) => {
    res.json(await listWebsitePages(database, { actor: actorOf(res), ...ids(req.params) }))
  })
  router.put('/agents/:agentId/websites/:websiteId/update/', signedIn, async (req, res) => {
    const { agentId, websiteId } = ids(req.params)
    res.json(
      await updateWebsite(database, {
        queue,
        actor: actorOf(res),
        agentId,
        websiteId,
        changes: UpdateWebsiteSchema.parse(req.body),
      }),
    )
  })
  router.delete('/agents/:agentId/websites/:websiteId/delete/', signedIn, async (req, res) => {
    const { agentId, websiteId } = ids(req.params)
    await deleteWebsite(database, { actor: actorOf(res), agentId, websiteId })
    res.json({ message: 'Website deleted' })
  })
  router.post('/agents/:agentId/websites/:websiteId/crawl/', signedIn, async (req, res) => {
    const { agentId, websiteId } = ids(req.params)
    const website = await requireWebsite(database, { actor: actorOf(res), agentId, websiteId, need: 'edit' })
    res.status(202).json({ message: 'Crawl started', job: await queueCrawl(database, queue, website) })
  })
  return router
}
