import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pathOf, type ApiRoute } from '../api-route.ts'
import { accountRoutes } from '../routes/account-routes.ts'
import { agentDataRoutes } from '../routes/agent-data-routes.ts'
import { agentRoutes } from '../routes/agent-routes.ts'
import { billingRoutes } from '../routes/billing-routes.ts'
import { conversationRoutes } from '../routes/conversation-routes.ts'
import { knowledgeRoutes } from '../routes/knowledge-routes.ts'
import { sessionRoutes } from '../routes/session-routes.ts'
import { statsRoutes } from '../routes/stats-routes.ts'
import { teamRoutes } from '../routes/team-routes.ts'
import { widgetRoutes } from '../routes/widget-routes.ts'
import { answerInDemo, DEMO_DELAY_MS } from './answer-in-demo.ts'
import { DEMO_AGENTS } from './demo-data.ts'

// Demo mode's answers go through the same parsing as the server's: every screen the demo shows reads an
// answer that fits its route's schema, or the screen would show "Unexpected Answer" instead of data.
const agentId = DEMO_AGENTS[0]?.agent_id ?? ''
const conversation = { agentId, conversationId: 'demo-conversation-1' }
const READS: [string, ApiRoute, Record<string, string>?][] = [
  ['profile', accountRoutes.profile],
  ['e-mail alerts', accountRoutes.emailAlerts],
  ['API keys', accountRoutes.apiKeys],
  ['Google sign-in', sessionRoutes.googleAvailability],
  ['e-mail setup', sessionRoutes.emailSetup],
  ['teams', teamRoutes.list],
  ['team members', teamRoutes.members],
  ['team agents', teamRoutes.agents],
  ['dashboard stats', statsRoutes.stats],
  ['engagement', statsRoutes.engagement],
  ['recent chats', statsRoutes.recentChats],
  ['server setup', statsRoutes.serverSetup],
  ['agents', agentRoutes.list],
  ['an agent', agentRoutes.read, { agentId }],
  ['documents', knowledgeRoutes.documents, { agentId }],
  ['texts', knowledgeRoutes.texts, { agentId }],
  ['websites', knowledgeRoutes.websites, { agentId }],
  ['leads', agentDataRoutes.leads, { agentId }],
  ['widgets', widgetRoutes.list, { agentId }],
  ['all conversations', conversationRoutes.all],
  ['an agent’s conversations', conversationRoutes.ofAgent, { agentId }],
  ['messages', conversationRoutes.messages, conversation],
  ['activity', conversationRoutes.activity, conversation],
  ['plans', billingRoutes.plans],
  ['subscription', billingRoutes.subscription],
  ['subscription history', billingRoutes.subscriptionHistory],
  ['notifications', billingRoutes.notifications],
]

describe('demo mode’s answers', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it.each(READS)('%s fit their route’s answer schema', async (_name, route, params) => {
    const answer = answerInDemo(pathOf(route, params), { method: 'GET' })
    await vi.advanceTimersByTimeAsync(DEMO_DELAY_MS)
    const parsed = route.answer.safeParse(await answer)
    expect(parsed.error?.issues ?? []).toEqual([])
  })

  it('a sign-in answers what a real sign-in does, tokens and all', async () => {
    const answer = answerInDemo(sessionRoutes.signIn.path, { method: 'POST' })
    await vi.advanceTimersByTimeAsync(DEMO_DELAY_MS)
    expect(sessionRoutes.signIn.answer.safeParse(await answer).error?.issues ?? []).toEqual([])
  })
})
