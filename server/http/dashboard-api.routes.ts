import { Router, type RequestHandler } from 'express'
import { dashboardStats } from '../stats/dashboard-stats.ts'
import { EngagementQuerySchema, RecentChatsQuerySchema } from '../stats/stats.schemas.ts'
import { engagementByWeekday } from '../stats/engagement.ts'
import { recentChats } from '../stats/recent-chats.ts'
import type { Database } from '../db/database.ts'
import type { ServerSetup } from '../stats/server-setup.ts'
import { actorOf } from './authenticate.ts'

/**
 * SPEC section 7, Dashboard: stats, engagement by weekday and recent chats (health is public, elsewhere),
 * and what the server is set up with.
 */
export interface DashboardApiRoutesOptions {
  database: Database
  signedIn: RequestHandler
  setup: ServerSetup
}

export function dashboardApiRoutes({ database, signedIn, setup }: DashboardApiRoutesOptions): Router {
  const router = Router()
  // What the server is set up with (Settings says when no AI model writes the answers).
  router.get('/dashboard/api/server-setup/', signedIn, (_req, res) => {
    res.json(setup)
  })
  router.get('/dashboard/api/stats/', signedIn, async (_req, res) => {
    res.json(await dashboardStats(database, actorOf(res)))
  })
  router.get('/dashboard/api/engagement/', signedIn, async (req, res) => {
    const query = EngagementQuerySchema.parse(req.query)
    res.json(await engagementByWeekday(database, { actor: actorOf(res), days: query.range, timeZone: query.tz }))
  })
  router.get('/dashboard/api/recent-chats/', signedIn, async (req, res) => {
    res.json(await recentChats(database, actorOf(res), RecentChatsQuerySchema.parse(req.query).count))
  })
  return router
}
