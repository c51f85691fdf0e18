// Conversations and their messages as the dashboard reads and changes them (SPEC section 7,
// Conversations; docs/api/conversations-and-dashboard.md). Chat answers stream through
// ApiClient.openStream, not here.
import { z } from 'zod'
import {
  ConversationActivitySchema,
  ConversationListQuerySchema,
  ConversationListSchema,
  ConversationViewSchema,
  CreateConversationSchema,
  CreatedConversationSchema,
  MessageListSchema,
  MessagesQuerySchema,
  MessageViewSchema,
  SelectMessageVersionSchema,
  UpdateConversationSchema,
  UpdateMessageSchema,
} from '#server/conversations/conversations.schemas.ts'
import { HandoffAnswerSchema, PersonMessageSchema } from '#server/conversations/handoff/handoff.schemas.ts'
import { FeedbackViewSchema, RateAnswerSchema } from '#server/feedback/feedback.schemas.ts'
import { apiRoute } from '../api-route.ts'
import { ChangeAnswerSchema, EmptyBodySchema, MessageAnswerSchema } from './plain-schemas.ts'

const conversation = '/conversations/:agentId/:conversationId'
const message = `${conversation}/:messageId` as const
const handoff = <const Action extends string>(action: Action) =>
  apiRoute({ method: 'POST', path: `${conversation}/${action}/`, answer: HandoffAnswerSchema })

export const conversationRoutes = {
  all: apiRoute({
    method: 'GET',
    path: '/conversations/index/',
    query: ConversationListQuerySchema,
    answer: ConversationListSchema,
  }),
  ofAgent: apiRoute({
    method: 'GET',
    path: '/conversations/:agentId/',
    query: ConversationListQuerySchema,
    answer: ConversationListSchema,
  }),
  read: apiRoute({ method: 'GET', path: '/conversations/:conversationId/', answer: ConversationViewSchema }),
  messages: apiRoute({
    method: 'GET',
    path: `${conversation}/messages/`,
    query: MessagesQuerySchema,
    answer: MessageListSchema,
  }),
  activity: apiRoute({ method: 'GET', path: `${conversation}/check-active/`, answer: ConversationActivitySchema }),
  start: apiRoute({
    method: 'POST',
    path: '/conversations/create/',
    body: CreateConversationSchema,
    answer: CreatedConversationSchema,
  }),
  update: apiRoute({
    method: 'POST',
    path: `${conversation}/update/`,
    body: UpdateConversationSchema,
    answer: MessageAnswerSchema,
  }),
  markRead: apiRoute({ method: 'PUT', path: '/conversations/:conversationId/read/', answer: MessageAnswerSchema }),
  /** An edit (answered again at once; data.answer_failed when that failed) or a deletion. */
  updateMessage: apiRoute({
    method: 'POST',
    path: `${message}/update/`,
    body: UpdateMessageSchema,
    answer: z.object({
      message: z.string(),
      data: z.object({ answer_failed: z.boolean().optional() }).optional(),
    }),
  }),
  selectVersion: apiRoute({
    method: 'POST',
    path: `${message}/versions/:version/select/`,
    body: SelectMessageVersionSchema,
    answer: MessageAnswerSchema,
  }),
  /** Answered again, not streamed: the dashboard reads the conversation again after. */
  retry: apiRoute({ method: 'POST', path: `${message}/retry/`, body: EmptyBodySchema, answer: ChangeAnswerSchema }),
  rate: apiRoute({
    method: 'POST',
    path: `${message}/feedback/`,
    body: RateAnswerSchema,
    answer: z.object({ message: z.string(), feedback: FeedbackViewSchema }),
  }),
  takeover: handoff('takeover'),
  release: handoff('release'),
  reply: apiRoute({
    method: 'POST',
    path: `${conversation}/reply/`,
    body: PersonMessageSchema,
    answer: z.object({ message: z.string(), data: MessageViewSchema }),
  }),
}
