import { Router, type RequestHandler } from 'express'
import { AGENT_NOT_FOUND } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { ItemListQuerySchema, NewTextSchema, UpdateTextSchema } from '../../knowledge/knowledge.schemas.ts'
import { addText } from '../../knowledge/texts/add-text.ts'
import { deleteText } from '../../knowledge/texts/delete-text.ts'
import { listTexts } from '../../knowledge/texts/list-texts.ts'
import { requireText, TEXT_NOT_FOUND } from '../../knowledge/texts/require-text.ts'
import { toTextView } from '../../knowledge/texts/text-view.ts'
import { updateText } from '../../knowledge/texts/update-text.ts'
import { latestJobsOf } from '../../knowledge/embedding/latest-jobs.ts'
import { actorOf } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'

/** SPEC section 7, Agent content: texts under /agents/{agentId}/texts/. */
export function textRoutes({
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
    textId: parseIdParam(params.textId, TEXT_NOT_FOUND),
  })

  router.get('/agents/:agentId/texts/', signedIn, async (req, res) => {
    res.json(
      await listTexts(database, {
        actor: actorOf(res),
        agentId: parseIdParam(req.params.agentId, AGENT_NOT_FOUND),
        query: ItemListQuerySchema.parse(req.query),
      }),
    )
  })
  router.post('/agents/:agentId/texts/create/', signedIn, async (req, res) => {
    res.status(201).json(
      await addText(database, {
        queue,
        actor: actorOf(res),
        agentId: parseIdParam(req.params.agentId, AGENT_NOT_FOUND),
        text: NewTextSchema.parse(req.body),
      }),
    )
  })
  router.get('/agents/:agentId/texts/:textId/', signedIn, async (req, res) => {
    const { agentId, textId } = ids(req.params)
    // The job first: one seen running beside an item already done only asks the caller to look again.
    const job = (await latestJobsOf(database.prisma, [textId])).get(textId)
    const text = await requireText(database, { actor: actorOf(res), agentId, textId, need: 'read' })
    res.json(toTextView(text, job))
  })
  router.put('/agents/:agentId/texts/:textId/update/', signedIn, async (req, res) => {
    const { agentId, textId } = ids(req.params)
    res.json(
      await updateText(database, {
        queue,
        actor: actorOf(res),
        agentId,
        textId,
        changes: UpdateTextSchema.parse(req.body),
      }),
    )
  })
  router.delete('/agents/:agentId/texts/:textId/delete/', signedIn, async (req, res) => {
    const { agentId, textId } = ids(req.params)
    await deleteText(database, { actor: actorOf(res), agentId, textId })
    res.json({ message: 'Text deleted' })
  })
  return router
}
