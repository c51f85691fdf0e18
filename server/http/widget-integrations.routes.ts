import { createIdentitySecret, deleteIdentitySecret } from '../widgets/identity/identity-secret.ts'
import { Router, type RequestHandler } from 'express'
import { AGENT_NOT_FOUND } from '../agents/require-agent-access.ts'
import type { PlanEnforcement } from '../billing/plan-enforcement.ts'
import type { Database } from '../db/database.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { createIntegration } from '../widgets/create-integration.ts'
import { deleteIntegration } from '../widgets/delete-integration.ts'
import { listIntegrations } from '../widgets/list-integrations.ts'
import { LOGO_MAX_BYTES, LOGO_NOT_AN_IMAGE, LOGO_TOO_LARGE } from '../widgets/store-widget-logo.ts'
import { updateIntegration } from '../widgets/update-integration.ts'
import { INTEGRATION_NOT_FOUND } from '../widgets/require-integration.ts'
import { CreateIntegrationSchema, isClientKey, UpdateIntegrationSchema } from '../widgets/widgets.schemas.ts'
import { actorOf } from './authenticate.ts'
import { parseIdParam } from './parse-id-param.ts'
import { receiveSingleFile } from './receive-single-file.ts'
import { sendsSecret } from './sends-secret.ts'

/** SPEC section 7, Integrations: an agent's widget integrations under /agents/{agentId}/integrations/frontend/. */
export function widgetIntegrationRoutes({
  database,
  storage,
  plans,
  sealingKey,
  signedIn,
}: {
  database: Database
  storage: FileStorage
  plans: PlanEnforcement
  /** Seals identity secrets at rest (ServerSecrets.sealingKey). */
  sealingKey: Buffer
  signedIn: RequestHandler
}): Router {
  const router = Router()
  const base = '/agents/:agentId/integrations/frontend'
  const logoUpload = receiveSingleFile({
    field: 'website_logo',
    maxBytes: LOGO_MAX_BYTES,
    tooLargeMessage: LOGO_TOO_LARGE,
    invalidMessage: LOGO_NOT_AN_IMAGE,
  })
  const agentOf = (params: Record<string, unknown>) => parseIdParam(params.agentId, AGENT_NOT_FOUND)
  // An integration is named by its id or its client key; anything else names nothing and reaches no query.
  const integrationOf = (params: Record<string, unknown>) => {
    if (isClientKey(params.integrationId)) return params.integrationId
    return parseIdParam(params.integrationId, INTEGRATION_NOT_FOUND)
  }

  router.get(`${base}/`, signedIn, async (req, res) => {
    res.json(await listIntegrations(database, actorOf(res), agentOf(req.params)))
  })
  const create: RequestHandler = async (req, res) => {
    const input = CreateIntegrationSchema.parse(req.body ?? {})
    res.status(201).json({
      message: 'Widget integration created successfully!',
      ...(await createIntegration(
        { database, storage, plans },
        { actor: actorOf(res), agentId: agentOf(req.params), input, logo: req.file?.buffer },
      )),
    })
  }
  router.post(`${base}/`, signedIn, logoUpload, create)
  router.post(`${base}/create/`, signedIn, logoUpload, create)
  const update: RequestHandler = async (req, res) => {
    const change = UpdateIntegrationSchema.parse(req.body ?? {})
    res.json({
      message: 'Widget integration updated successfully',
      ...(await updateIntegration(
        { database, storage, plans },
        {
          actor: actorOf(res),
          agentId: agentOf(req.params),
          integrationId: integrationOf(req.params),
          change,
          logo: req.file?.buffer,
        },
      )),
    })
  }
  router.put(`${base}/:integrationId/`, signedIn, logoUpload, update)
  router.put(`${base}/:integrationId/update/`, signedIn, logoUpload, update)
  const remove: RequestHandler = async (req, res) => {
    await deleteIntegration(database, {
      storage,
      actor: actorOf(res),
      agentId: agentOf(req.params),
      integrationId: integrationOf(req.params),
    })
    res.json({ message: 'The chat widget integration has been deleted successfully.' })
  }
  router.delete(`${base}/:integrationId/`, signedIn, remove)
  router.delete(`${base}/:integrationId/delete/`, signedIn, remove)
  // Identity verification: a new secret (shown once), or none (visitor tokens refused).
  router.post(`${base}/:integrationId/identity-secret/`, sendsSecret, signedIn, async (req, res) => {
    const identity_secret = await createIdentitySecret(database, {
      actor: actorOf(res),
      agentId: agentOf(req.params),
      integrationId: integrationOf(req.params),
      sealingKey,
    })
    res.status(201).json({
      message: 'Identity secret created: copy it now, it is not shown again',
      identity_secret,
    })
  })
  router.delete(`${base}/:integrationId/identity-secret/`, signedIn, async (req, res) => {
    await deleteIdentitySecret(database, {
      actor: actorOf(res),
      agentId: agentOf(req.params),
      integrationId: integrationOf(req.params),
    })
    res.json({ message: 'Identity verification is off: visitors are anonymous' })
  })
  return router
}
