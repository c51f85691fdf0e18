// The routes of the agent's conversations and chat, what each needs (docs/permissions.md), and a request
// that exercises it.
import type { AccessRoutes } from './access-matrix-support.ts'

export const CONVERSATION_ROUTES: AccessRoutes = {
  'POST /api/conversations/:agentId/:conversationId/takeover/': {
    need: 'chat',
    call: (f) => ({ method: 'post', path: `/api/conversations/${f.agentId}/${f.visitorConversationId}/takeover/` }),
  },
  'POST /api/conversations/:agentId/:conversationId/release/': {
    need: 'chat',
    call: (f) => ({ method: 'post', path: `/api/conversations/${f.agentId}/${f.heldConversationId}/release/` }),
  },
  'POST /api/conversations/:agentId/:conversationId/reply/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: `/api/conversations/${f.agentId}/${f.heldConversationId}/reply/`,
      body: { message_text: 'Hello from the team' },
    }),
  },
  'POST /api/conversations/:agentId/:conversationId/:messageId/feedback/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: `/api/conversations/${f.agentId}/${f.conversationId}/${f.answerId}/feedback/`,
      body: { rating: 'up' },
    }),
  },
  'GET /api/conversations/:agentId/:conversationId/live/': {
    need: 'read',
    call: (f) => ({
      method: 'get',
      path: `/api/conversations/${f.agentId}/${f.visitorConversationId}/live/`,
      stream: true,
    }),
  },
  'POST /api/conversations/create/': {
    need: 'chat',
    call: (f) => ({ method: 'post', path: '/api/conversations/create/', body: { name: 'New', agent_id: f.agentId } }),
  },
  'GET /api/conversations/:id/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/conversations/${f.conversationId}/` }),
  },
  'PUT /api/conversations/:conversationId/read/': {
    need: 'read',
    call: (f) => ({ method: 'put', path: `/api/conversations/${f.conversationId}/read/` }),
  },
  'GET /api/conversations/:agentId/:conversationId/check-active/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/conversations/${f.agentId}/${f.conversationId}/check-active/` }),
  },
  'GET /api/conversations/:agentId/:conversationId/messages/': {
    need: 'read',
    call: (f) => ({ method: 'get', path: `/api/conversations/${f.agentId}/${f.conversationId}/messages/` }),
  },
  'POST /api/conversations/:agentId/:conversationId/update/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: `/api/conversations/${f.agentId}/${f.conversationId}/update/`,
      body: { is_favorite: true },
    }),
  },
  'POST /api/conversations/:agentId/:conversationId/:messageId/update/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: `/api/conversations/${f.agentId}/${f.conversationId}/${f.messageId}/update/`,
      body: { message_text: 'Edited' },
    }),
  },
  'POST /api/conversations/:agentId/:conversationId/:messageId/versions/:version/select/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: `/api/conversations/${f.agentId}/${f.conversationId}/${f.messageId}/versions/1/select/`,
      body: {},
    }),
  },
  'GET /api/conversations/:agentId/:conversationId/:messageId/attachments/:index/': {
    need: 'read',
    call: (f) => ({
      method: 'get',
      path: `/api/conversations/${f.agentId}/${f.conversationId}/${f.messageId}/attachments/0/`,
    }),
  },
  'POST /api/conversations/:agentId/:conversationId/:messageId/retry/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: `/api/conversations/${f.agentId}/${f.conversationId}/${f.messageId}/retry/`,
    }),
  },
  'GET /api/conversations/chat/:agentId/:conversationId/': {
    need: 'chat',
    call: (f) => ({
      method: 'get',
      path: `/api/conversations/chat/${f.agentId}/${f.conversationId}/?message_text=Hello`,
    }),
  },
  'POST /api/conversations/chat/:agentId/:conversationId/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: `/api/conversations/chat/${f.agentId}/${f.conversationId}/`,
      body: { message_text: 'Hello' },
    }),
  },
  'POST /api/conversations/chat/': {
    need: 'chat',
    call: (f) => ({
      method: 'post',
      path: '/api/conversations/chat/',
      body: { message_text: 'Hello', agent_id: f.agentId, conversation_id: f.conversationId },
    }),
  },
}
