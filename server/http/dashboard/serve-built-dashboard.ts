import { existsSync } from 'node:fs'
import { join } from 'node:path'
import express, { Router } from 'express'

const DASHBOARD_BUILD_DIR = join(import.meta.dirname, '../../../dist/dashboard')

/** The built single-page dashboard: hashed assets cached for a year, every other GET gets index.html. */
export function serveBuiltDashboard(buildDir = DASHBOARD_BUILD_DIR): Router {
  const router = Router()
  const indexPath = join(buildDir, 'index.html')
  router.use(
    '/assets',
    express.static(join(buildDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  )
  router.use(express.static(buildDir, { index: false, maxAge: '1h' }))
  router.get('/{*path}', (_req, res) => {
    if (!existsSync(indexPath)) {
      res
        .status(503)
        .type('text/plain')
        .send('The dashboard is not built yet: run `npm run build`, then start the server again.')
      return
    }
    res.setHeader('Cache-Control', 'no-cache')
    res.sendFile(indexPath)
  })
  return router
}
