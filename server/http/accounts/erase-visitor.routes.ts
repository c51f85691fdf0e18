import { Router, type RequestHandler } from 'express'
import type { Database } from '../../db/database.ts'
import { eraseVisitor } from '../../leads/erase-visitor.ts'
import { EraseVisitorSchema } from '../../leads/erasure.schemas.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { actorOf } from '../authenticate.ts'

export interface EraseVisitorRoutesOptions {
  database: Database
  storage: FileStorage
  logger: Logger
  /** Signed-in users only: an account API key is refused here (403). */
  signedIn: RequestHandler
}

/** A visitor's data erased by e-mail address across the account's agents (issue 36): owners and team admins. */
export function eraseVisitorRoutes({ database, storage, logger, signedIn }: EraseVisitorRoutesOptions): Router {
  const router = Router()
  router.post('/accounts/erase-visitor/', signedIn, async (req, res) => {
    const request = EraseVisitorSchema.parse(req.body)
    res.json(await eraseVisitor(database, { storage, logger, actor: actorOf(res), request }))
  })
  return router
}
