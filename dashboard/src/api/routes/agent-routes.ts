// Agents (SPEC section 7, Agents; docs/api/agents-and-knowledge.md).
import {
  AgentListSchema,
  AgentViewSchema,
  CreateAgentSchema,
  PageQuerySchema,
  UpdateAgentSchema,
} from '#server/agents/agents.schemas.ts'
import { apiRoute } from '../api-route.ts'
import { MessageAnswerSchema } from './plain-schemas.ts'

export const agentRoutes = {
  list: apiRoute({ method: 'GET', path: '/agents/', query: PageQuerySchema, answer: AgentListSchema }),
  read: apiRoute({ method: 'GET', path: '/agents/:agentId/', answer: AgentViewSchema }),
  create: apiRoute({ method: 'POST', path: '/agents/create/', body: CreateAgentSchema, answer: AgentViewSchema }),
  update: apiRoute({
    method: 'PUT',
    path: '/agents/:agentId/update/',
    body: UpdateAgentSchema,
    answer: AgentViewSchema,
  }),
  delete: apiRoute({ method: 'DELETE', path: '/agents/:agentId/delete/', answer: MessageAnswerSchema }),
}
