// The agent's knowledge routes (texts, documents, websites, their embeddings and jobs), what each needs
// (docs/permissions.md), and a request that exercises it.
import type { AccessRoutes } from './access-matrix-support.ts'

export const KNOWLEDGE_ROUTES: AccessRoutes = {
  'GET /api/agents/:agentId/texts/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/texts/` }),
  },
  'POST /api/agents/:agentId/texts/create/': {
    need: 'edit',
    call: (f) => ({
      method: 'post',
      path: `/api/agents/${f.agentId}/texts/create/`,
      body: { text_title: 'T', text_content: 'C' },
    }),
  },
  'GET /api/agents/:agentId/texts/:textId/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/texts/${f.textId}/` }),
  },
  'PUT /api/agents/:agentId/texts/:textId/update/': {
    need: 'edit',
    call: (f) => ({
      method: 'put',
      path: `/api/agents/${f.agentId}/texts/${f.textId}/update/`,
      body: { text_title: 'New' },
    }),
  },
  'DELETE /api/agents/:agentId/texts/:textId/delete/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/texts/${f.textId}/delete/` }),
  },
  'GET /api/agents/:agentId/documents/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/documents/` }),
  },
  'POST /api/agents/:agentId/documents/upload/': {
    need: 'edit',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/documents/upload/`, file: true }),
  },
  'GET /api/agents/:agentId/documents/:documentId/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/documents/${f.documentId}/` }),
  },
  'PUT /api/agents/:agentId/documents/:documentId/update/': {
    need: 'edit',
    call: (f) => ({
      method: 'put',
      path: `/api/agents/${f.agentId}/documents/${f.documentId}/update/`,
      body: { document_name: 'n.txt' },
    }),
  },
  'DELETE /api/agents/:agentId/documents/:documentId/delete/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/documents/${f.documentId}/delete/` }),
  },
  'GET /api/agents/:agentId/documents/:documentId/download/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/documents/${f.documentId}/download/` }),
  },
  'POST /api/agents/:agentId/documents/:documentId/download-link/': {
    need: 'read',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/documents/${f.documentId}/download-link/` }),
  },
  'GET /api/agents/:agentId/websites/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/websites/` }),
  },
  'POST /api/agents/:agentId/websites/create/': {
    need: 'edit',
    call: (f) => ({
      method: 'post',
      path: `/api/agents/${f.agentId}/websites/create/`,
      body: { website_url: 'https://example.com/', website_name: 'Site' },
    }),
  },
  'GET /api/agents/:agentId/websites/:websiteId/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/websites/${f.websiteId}/` }),
  },
  'GET /api/agents/:agentId/websites/:websiteId/pages/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/websites/${f.websiteId}/pages/` }),
  },
  'PUT /api/agents/:agentId/websites/:websiteId/update/': {
    need: 'edit',
    call: (f) => ({
      method: 'put',
      path: `/api/agents/${f.agentId}/websites/${f.websiteId}/update/`,
      body: { website_name: 'New' },
    }),
  },
  'DELETE /api/agents/:agentId/websites/:websiteId/delete/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/websites/${f.websiteId}/delete/` }),
  },
  'POST /api/agents/:agentId/websites/:websiteId/crawl/': {
    need: 'edit',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/websites/${f.websiteId}/crawl/` }),
  },
  'POST /api/agents/:agentId/:objectType/:objectId/embed/': {
    need: 'edit',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/text/${f.textId}/embed/`, body: {} }),
  },
  'POST /api/agents/:agentId/:objectType/embed-all/': {
    need: 'edit',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/text/embed-all/` }),
  },
  'DELETE /api/agents/:agentId/:objectType/:objectId/embeddings/delete/': {
    need: 'edit',
    call: (f) => ({ method: 'delete', path: `/api/agents/${f.agentId}/text/${f.textId}/embeddings/delete/` }),
  },
  'POST /api/agents/:agentId/:objectType/:objectId/embeddings/delete/': {
    need: 'edit',
    call: (f) => ({ method: 'post', path: `/api/agents/${f.agentId}/text/${f.textId}/embeddings/delete/` }),
  },
  'GET /api/agents/:agentId/embeddings/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/embeddings/` }),
  },
  'GET /api/agents/:agentId/jobs/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/jobs/` }),
  },
  'GET /api/agents/:agentId/jobs/:jobId/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/agents/${f.agentId}/jobs/${f.jobId}/` }),
  },
}
