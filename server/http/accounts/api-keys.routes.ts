import { Router, type RequestHandler } from 'express'
import { API_KEY_MESSAGES, NewApiKeySchema } from '../../accounts/api-keys/api-keys.schemas.ts'
import { createApiKey } from '../../accounts/api-keys/create-api-key.ts'
import { deleteApiKey } from '../../accounts/api-keys/delete-api-key.ts'
import { listApiKeys } from '../../accounts/api-keys/list-api-keys.ts'
import type { Database } from '../../db/database.ts'
import { actorOf } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'
import { sendsSecret } from '../sends-secret.ts'

/** The account's API keys (the Integrations page's API tab): listed masked, made (shown once), deleted. */
export function apiKeyRoutes({ database, signedIn }: { database: Database; signedIn: RequestHandler }): Router {
  const router = Router()
  router.get('/accounts/api-keys/', signedIn, async (_req, res) => {
    res.json(await listApiKeys(database, actorOf(res)))
  })
  router.post('/accounts/api-keys/', sendsSecret, signedIn, async (req, res) => {
    const request = NewApiKeySchema.parse(req.body)
    const created = await createApiKey(database, { actor: actorOf(res), request })
    res.status(201).json({ message: 'API key created. Copy it now: it will not be shown again.', ...created })
  })
  router.delete('/accounts/api-keys/:keyId/', signedIn, async (req, res) => {
    const keyId = parseIdParam(req.params.keyId, API_KEY_MESSAGES.notFound)
    await deleteApiKey(database, { actor: actorOf(res), keyId })
    res.json({ message: 'API key deleted' })
  })
  return router
}
