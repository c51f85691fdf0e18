import { Router, type RequestHandler } from 'express'
import {
  CheckContentSchema,
  CreateAgentSchema,
  PageQuerySchema,
  UpdateAgentSchema,
} from '../../agents/agents.schemas.ts'
import { createAgent } from '../../agents/create-agent.ts'
import { deleteAgent } from '../../agents/delete-agent.ts'
import { getAgent } from '../../agents/get-agent.ts'
import { listAgents } from '../../agents/list-agents.ts'
import { AGENT_NOT_FOUND } from '../../agents/require-agent-access.ts'
import { updateAgent } from '../../agents/update-agent.ts'
import { AppError } from '../../errors/app-error.ts'
import { myAgentPermissions, myPermissionsOnAllAgents } from '../../teams/permission-queries.ts'
import type { PlanEnforcement } from '../../billing/plan-enforcement.ts'
import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { actorOf } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'

export interface AgentRoutesOptions {
  database: Database
  plans: PlanEnforcement
  storage: FileStorage
  logger: Logger
  signedIn: RequestHandler
}

/** SPEC section 7, Agents. */
export function agentRoutes({ database, plans, storage, logger, signedIn }: AgentRoutesOptions): Router {
  const router = Router()
  const agentIdOf = (value: unknown) => parseIdParam(value, AGENT_NOT_FOUND)

  router.get('/agents/', signedIn, async (req, res) => {
    res.json(await listAgents(database, actorOf(res), PageQuerySchema.parse(req.query)))
  })

  router.post('/agents/create/', signedIn, async (req, res) => {
    res.status(201).json(await createAgent({ database, plans }, actorOf(res), CreateAgentSchema.parse(req.body)))
  })

  // Before /agents/:agentId/ so that "permissions" is not taken for an agent id.
  router.get('/agents/permissions/user/', signedIn, async (_req, res) => {
    res.json(await myPermissionsOnAllAgents(database, actorOf(res)))
  })
  router.post('/agents/permissions/check-content/', signedIn, async (req, res) => {
    const check = CheckContentSchema.parse(req.body ?? {})
    const permissions = await myAgentPermissions(database, actorOf(res), check.agent_id).catch((error: unknown) => {
      if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')) return null
      throw error
    })
    const need = check.action === 'view' ? 'read' : 'edit'
    res.json({
      agent_id: check.agent_id,
      action: check.action,
      allowed: permissions?.permissions.includes(need) ?? false,
    })
  })
  router.get('/agents/:agentId/permissions/', signedIn, async (req, res) => {
    res.json(await myAgentPermissions(database, actorOf(res), agentIdOf(req.params.agentId)))
  })

  router.get('/agents/:agentId/', signedIn, async (req, res) => {
    res.json(await getAgent(database, actorOf(res), agentIdOf(req.params.agentId)))
  })

  router.put('/agents/:agentId/update/', signedIn, async (req, res) => {
    res.json(
      await updateAgent(database, {
        actor: actorOf(res),
        agentId: agentIdOf(req.params.agentId),
        changes: UpdateAgentSchema.parse(req.body),
      }),
    )
  })

  router.delete('/agents/:agentId/delete/', signedIn, async (req, res) => {
    await deleteAgent(database, { storage, logger, actor: actorOf(res), agentId: agentIdOf(req.params.agentId) })
    res.json({ message: 'Agent deleted' })
  })

  return router
}
