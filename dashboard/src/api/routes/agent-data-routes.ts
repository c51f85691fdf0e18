// What an agent's conversations leave behind: leads, questions to improve, and the exports
// (SPEC section 7; docs/api/agents-and-knowledge.md, docs/api/leads.md).
import { z } from 'zod'
import { ConversationExportQuerySchema } from '#server/conversations/conversations.schemas.ts'
import {
  AnswerToImproveSchema,
  DismissQuestionSchema,
  QuestionsToImproveSchema,
} from '#server/improve/improve.schemas.ts'
import { LeadErasurePreviewSchema, VisitorErasureSchema } from '#server/leads/erasure.schemas.ts'
import { LeadListQuerySchema, LeadListSchema } from '#server/leads/leads.schemas.ts'
import { apiRoute } from '../api-route.ts'
import { MessageAnswerSchema } from './plain-schemas.ts'

/** A file the API writes (accept: 'text'); demo mode has none to give. */
const ExportAnswerSchema = z.object({ text: z.string().optional() })

export const agentDataRoutes = {
  leads: apiRoute({
    method: 'GET',
    path: '/agents/:agentId/leads/',
    query: LeadListQuerySchema,
    answer: LeadListSchema,
  }),
  leadsCsv: apiRoute({
    method: 'GET',
    path: '/agents/:agentId/leads/',
    query: LeadListQuerySchema,
    accept: 'text',
    answer: ExportAnswerSchema,
  }),
  leadErasure: apiRoute({
    method: 'GET',
    path: '/agents/:agentId/leads/:leadId/erasure/',
    answer: LeadErasurePreviewSchema,
  }),
  deleteLead: apiRoute({ method: 'DELETE', path: '/agents/:agentId/leads/:leadId/', answer: VisitorErasureSchema }),
  conversationsExport: apiRoute({
    method: 'GET',
    path: '/agents/:agentId/conversations/export/',
    query: ConversationExportQuerySchema,
    accept: 'text',
    answer: ExportAnswerSchema,
  }),
  questionsToImprove: apiRoute({ method: 'GET', path: '/agents/:agentId/improve/', answer: QuestionsToImproveSchema }),
  answerQuestion: apiRoute({
    method: 'POST',
    path: '/agents/:agentId/improve/answer/',
    body: AnswerToImproveSchema,
    answer: MessageAnswerSchema,
  }),
  dismissQuestion: apiRoute({
    method: 'POST',
    path: '/agents/:agentId/improve/dismiss/',
    body: DismissQuestionSchema,
    answer: MessageAnswerSchema,
  }),
}
