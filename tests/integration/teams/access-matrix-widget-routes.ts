// The agent's widget integrations' and messaging channels' routes, what each needs (docs/permissions.md), and a request that
// exercises it.
import { MATRIX_META_TOKEN, type AccessRoutes } from './access-matrix-support.ts'

export const WIDGET_ROUTES: AccessRoutes = {
  'POST /api/agents/:agentId/integrations/frontend/:integrationId/identity-secret/': {
    need: 'edit',
    call: (f) => ({
      method: 'post',
      path: `/api/agents/${f.agentId}/integrations/frontend/${f.integrationId}/identity-secret/`,
    }),
  },
  'DELETE /api/agents/:agentId/integrations/frontend/:integrationId/identity-secret/': {
    need: 'edit',
    call: (f) => ({
      method: 'delete',
      path: `/api/agents/${f.agentId}/integrations/frontend/${f.integrationId}/identity-secret/`,
    }),
  },
  'GET /api/agents/:agentId/integrations/frontend/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/integrations/frontend/` }),
  },
  'POST /api/agents/:agentId/integrations/frontend/': {
    need: 'edit',
    call: (f) => ({
      method: 'post',
      path: `/api/agents/${f.agentId}/integrations/frontend/`,
      body: { website_name: 'Shop', website_domain: 'shop.example.com' },
    }),
  },
  'POST /api/agents/:agentId/integrations/frontend/create/': {
    need: 'edit',
    call: (f) => ({
      method: 'post',
      path: `/api/agents/${f.agentId}/integrations/frontend/create/`,
      body: { website_name: 'Shop', website_domain: 'shop.example.com' },
    }),
  },
  'PUT /api/agents/:agentId/integrations/frontend/:integrationId/': {
    need: 'edit',
    call: (f) => ({
      method: 'put',
      path: `/api/agents/${f.agentId}/integrations/frontend/${f.integrationId}/`,
      body: { bot_name: 'Sam' },
    }),
  },
  'PUT /api/agents/:agentId/integrations/frontend/:integrationId/update/': {
    need: 'edit',
    call: (f) => ({
      method: 'put',
      path: `/api/agents/${f.agentId}/integrations/frontend/${f.integrationId}/update/`,
      body: { bot_name: 'Sam' },
    }),
  },
  'DELETE /api/agents/:agentId/integrations/frontend/:integrationId/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/integrations/frontend/${f.integrationId}/` }),
  },
  'DELETE /api/agents/:agentId/integrations/frontend/:integrationId/delete/': {
    need: 'edit',
    call: (f) => ({
      method: 'delete',
      path: `/api/agents/${f.agentId}/integrations/frontend/${f.integrationId}/delete/`,
    }),
  },
  'GET /api/agents/:agentId/channels/': {
    need: 'edit',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/channels/` }),
  },
  'POST /api/agents/:agentId/channels/': {
    need: 'edit',
    call: (f) => ({
      method: 'post',
      path: `/api/agents/${f.agentId}/channels/`,
      body: { kind: 'messenger', page_id: f.freePageId, access_token: `${MATRIX_META_TOKEN}.${f.freePageId}` },
    }),
  },
  'PUT /api/agents/:agentId/channels/:channelId/': {
    need: 'edit',
    call: (f) => ({
      method: 'put',
      path: `/api/agents/${f.agentId}/channels/${f.channelId}/`,
      body: { access_token: `${MATRIX_META_TOKEN}.${f.channelPageId}` },
    }),
  },
  'DELETE /api/agents/:agentId/channels/:channelId/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/channels/${f.channelId}/` }),
  },
}
