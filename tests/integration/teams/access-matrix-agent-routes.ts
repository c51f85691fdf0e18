// The agent's own routes (the agent, its permissions), what each needs (docs/permissions.md), and a
// request that exercises it.
import type { AccessRoutes } from './access-matrix-support.ts'

export const AGENT_ROUTES: AccessRoutes = {
  'GET /api/agents/:agentId/improve/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/improve/` }),
  },
  'POST /api/agents/:agentId/improve/answer/': {
    need: 'edit',
    call: (f) => ({
      method: 'post',
      path: `/api/agents/${f.agentId}/improve/answer/`,
      body: { question: 'Do you ship abroad?', answer: 'Yes, everywhere.' },
    }),
  },
  'POST /api/agents/:agentId/improve/dismiss/': {
    need: 'edit',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/improve/dismiss/`, body: { question: 'Hello?' } }),
  },
  'GET /api/agents/:agentId/': { need: 'read', call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/` }) },
  'PUT /api/agents/:agentId/update/': {
    need: 'manage',
    call: (f) => ({ method: 'put', path: `/api/agents/${f.agentId}/update/`, body: { name: 'Renamed' } }),
  },
  'DELETE /api/agents/:agentId/delete/': {
    need: 'manage',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/delete/` }),
  },
  'GET /api/agents/:agentId/conversations/export/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/conversations/export/` }),
  },
  'GET /api/agents/:agentId/leads/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/leads/` }),
  },
  'GET /api/agents/:agentId/leads/:leadId/erasure/': {
    need: 'edit',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/leads/${f.leadId}/erasure/` }),
  },
  'DELETE /api/agents/:agentId/leads/:leadId/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/leads/${f.leadId}/` }),
  },
  'GET /api/agents/:agentId/permissions/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/permissions/` }),
  },
}
