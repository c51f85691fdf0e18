// Every /api/agents and /api/conversations route the app registers is in the access matrix (one of the
// access-matrix-*-routes.ts tables) or answers only for what the caller reaches, and every matrix entry
// is a registered route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../support/create-test-app.ts'
import { listRoutes } from '../../support/list-routes.ts'
import { AGENT_ROUTES } from './access-matrix-agent-routes.ts'
import { CONVERSATION_ROUTES } from './access-matrix-conversation-routes.ts'
import { KNOWLEDGE_ROUTES } from './access-matrix-knowledge-routes.ts'
import { createMatrixApp } from './access-matrix-support.ts'
import { WIDGET_ROUTES } from './access-matrix-widget-routes.ts'

const MATRIX = { ...AGENT_ROUTES, ...KNOWLEDGE_ROUTES, ...WIDGET_ROUTES, ...CONVERSATION_ROUTES }

let testApp: TestApp

beforeAll(async () => {
  testApp = await createMatrixApp()
})
afterAll(() => testApp.cleanup())

// Routes about agents that take no agent id in their path: each answers only for agents the caller
// reaches (tested in teams.test.ts and agents.test.ts). A new /agents route must be classified here or
// in one of the matrix's route tables, or this file fails.
const NOT_PATH_SCOPED = new Set([
  'GET /api/agents/', // lists only visible agents
  'POST /api/agents/create/', // creates the caller's own agent
  'GET /api/agents/permissions/user/', // the caller's own permissions
  'POST /api/agents/permissions/check-content/', // answers allowed: false for an agent the caller cannot reach
  'GET /api/conversations/index/', // lists conversations of visible agents only (agent_id: as its agent's list)
  // The public widget calls: a visitor's token and the page's origin decide (tests/integration/widgets/).
  'POST /api/conversations/api/start-chat-widget/',
  'POST /api/conversations/api/tokens/',
  'POST /api/conversations/api/tokens/refresh/',
  'POST /api/conversations/api/create/',
  'GET /api/conversations/api/chat/:conversationId/',
  'POST /api/conversations/api/chat/:conversationId/',
  'POST /api/conversations/api/chat/:conversationId/person/',
  'POST /api/conversations/api/chat/:conversationId/contact/',
  'GET /api/conversations/api/chat/:conversationId/live/',
  'POST /api/conversations/api/chat/:conversationId/feedback/',
  'POST /api/conversations/api/chat/:conversationId/cart/',
  'GET /api/conversations/api/conversations/',
])

describe('the access matrix', () => {
  it('classifies every /api/agents and /api/conversations route: in the matrix, or answering only for what the caller reaches', () => {
    const agentRoutes = listRoutes(testApp.app).filter((route) =>
      /^\/api\/(agents|conversations)\//.test(route.split(' ')[1] ?? ''),
    )
    expect(agentRoutes.filter((route) => !(route in MATRIX) && !NOT_PATH_SCOPED.has(route))).toEqual([])
  })

  it('has an entry for every agent-scoped route the app registers', () => {
    const agentScoped = listRoutes(testApp.app).filter((route) => route.includes(':agentId'))
    expect(agentScoped.filter((route) => !(route in MATRIX))).toEqual([])
    const registered = listRoutes(testApp.app)
    expect(Object.keys(MATRIX).filter((route) => !registered.includes(route))).toEqual([])
  })
})
