import { Router, type RequestHandler } from 'express'
import { AGENT_NOT_FOUND } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import { deleteEmbeddings } from '../../knowledge/embedding/delete-embeddings.ts'
import { getAgentJob, listAgentJobs } from '../../knowledge/embedding/list-agent-jobs.ts'
import { listEmbeddings } from '../../knowledge/embedding/list-embeddings.ts'
import { embedAllPending } from '../../knowledge/embedding/embed-all-pending.ts'
import { startEmbedding } from '../../knowledge/embedding/start-embedding.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { EmbedRequestSchema, ObjectTypeSchema } from '../../knowledge/knowledge.schemas.ts'
import { AppError } from '../../errors/app-error.ts'
import { actorOf } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'

const UNKNOWN_TYPE = 'Unknown knowledge type: use document, text or website.'

/** SPEC section 7, Embeddings (embed, delete, list), Embed all, and the jobs that show their progress. */
export function embeddingRoutes({
  database,
  queue,
  signedIn,
}: {
  database: Database
  queue: JobQueue
  signedIn: RequestHandler
}): Router {
  const router = Router()
  const target = (params: Record<string, unknown>) => {
    const agentId = parseIdParam(params.agentId, AGENT_NOT_FOUND)
    const type = ObjectTypeSchema.safeParse(params.objectType)
    if (!type.success) throw new AppError('NOT_FOUND', UNKNOWN_TYPE) // a path that names nothing
    return { agentId, objectType: type.data, objectId: parseIdParam(params.objectId, 'Knowledge item not found') }
  }

  router.post('/agents/:agentId/:objectType/:objectId/embed/', signedIn, async (req, res) => {
    EmbedRequestSchema.parse(req.body)
    const { agentId, objectType, objectId } = target(req.params)
    res.status(202).json({
      message: 'Embedding started',
      ...(await startEmbedding(database, { queue, actor: actorOf(res), agentId, type: objectType, id: objectId })),
    })
  })

  router.post('/agents/:agentId/:objectType/embed-all/', signedIn, async (req, res) => {
    const agentId = parseIdParam(req.params.agentId, AGENT_NOT_FOUND)
    const type = ObjectTypeSchema.safeParse(req.params.objectType)
    if (!type.success) throw new AppError('NOT_FOUND', UNKNOWN_TYPE)
    const answer = await embedAllPending(database, { queue, actor: actorOf(res), agentId, type: type.data })
    res.status(answer.queued > 0 ? 202 : 200).json(answer)
  })

  const remove: RequestHandler = async (req, res) => {
    const { agentId, objectType, objectId } = target(req.params)
    res.json({
      message: 'Embeddings deleted',
      ...(await deleteEmbeddings(database, { actor: actorOf(res), agentId, type: objectType, id: objectId })),
    })
  }
  router.delete('/agents/:agentId/:objectType/:objectId/embeddings/delete/', signedIn, remove)
  router.post('/agents/:agentId/:objectType/:objectId/embeddings/delete/', signedIn, remove)

  router.get('/agents/:agentId/embeddings/', signedIn, async (req, res) => {
    res.json(await listEmbeddings(database, actorOf(res), parseIdParam(req.params.agentId, AGENT_NOT_FOUND)))
  })
  router.get('/agents/:agentId/jobs/', signedIn, async (req, res) => {
    res.json(await listAgentJobs(database, actorOf(res), parseIdParam(req.params.agentId, AGENT_NOT_FOUND)))
  })
  router.get('/agents/:agentId/jobs/:jobId/', signedIn, async (req, res) => {
    res.json(
      await getAgentJob(database, {
        actor: actorOf(res),
        agentId: parseIdParam(req.params.agentId, AGENT_NOT_FOUND),
        jobId: parseIdParam(req.params.jobId, 'Job not found'),
      }),
    )
  })
  return router
}
