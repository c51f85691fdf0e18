import { Router } from 'express'
import type { Database } from '../db/database.ts'
import { checkDatabase } from '../health/check-database.ts'
import { errorBody } from './error-body.ts'
import { DATABASE_RETRY_AFTER_SECONDS } from './error-answer.ts'

export function healthRoutes(database: Database): Router {
  const router = Router()
  router.get('/dashboard/api/health/', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const time = new Date().toISOString()
    if (await checkDatabase(database)) {
      res.json({ status: 'ok', database: 'up', time })
      return
    }
    req.log.warn('health check: database unreachable')
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
    res.status(503).json({
      ...errorBody({
        error: 'SERVICE_UNAVAILABLE',
        message: 'The database is unreachable.',
        requestId: String(req.id),
      }),
      status: 'unavailable',
      database: 'down',
      time,
    })
  })
  return router
}
