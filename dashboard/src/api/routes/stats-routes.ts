// The dashboard page's readings and the server's setup (SPEC section 7, Dashboard;
// docs/api/conversations-and-dashboard.md). The stats answers are the server's current (camelCase) ones.
import { ServerSetupSchema } from '#server/stats/server-setup.ts'
import {
  DashboardStatsSchema,
  EngagementQuerySchema,
  EngagementSchema,
  RecentChatsQuerySchema,
  RecentChatsSchema,
} from '#server/stats/stats.schemas.ts'
import { SupportContactSchema } from '#server/support/support-contact.schemas.ts'
import { apiRoute } from '../api-route.ts'

export const statsRoutes = {
  stats: apiRoute({ method: 'GET', path: '/dashboard/api/stats/', answer: DashboardStatsSchema }),
  engagement: apiRoute({
    method: 'GET',
    path: '/dashboard/api/engagement/',
    query: EngagementQuerySchema,
    answer: EngagementSchema,
  }),
  recentChats: apiRoute({
    method: 'GET',
    path: '/dashboard/api/recent-chats/',
    query: RecentChatsQuerySchema,
    answer: RecentChatsSchema,
  }),
  serverSetup: apiRoute({ method: 'GET', path: '/dashboard/api/server-setup/', answer: ServerSetupSchema }),
  supportContact: apiRoute({ method: 'GET', path: '/support-contact/', answer: SupportContactSchema, signedIn: false }),
}
