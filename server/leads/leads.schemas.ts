// The leads contract: the list's query and answer. Imports only zod, shared/'s zod-only rules and the
// agents contract, so the dashboard reads the same shapes.
import { z } from 'zod'
import { PageQuerySchema, PaginationSchema } from '../agents/agents.schemas.ts'
import { singleLineText } from '../../shared/text-rules.schemas.ts'

export const LeadListQuerySchema = PageQuerySchema.extend({
  search: singleLineText({ label: 'Search', max: 200 }).optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
})
export type LeadListQuery = z.infer<typeof LeadListQuerySchema>

const LeadViewSchema = z.strictObject({
  lead_id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  page_url: z.string().nullable(),
  website_name: z.string().nullable(),
  /** Null once the conversation was deleted: the contact stays. */
  conversation_id: z.string().nullable(),
  created_at: z.string(),
})
export type LeadView = z.infer<typeof LeadViewSchema>

export const LeadListSchema = z.strictObject({ leads: z.array(LeadViewSchema), pagination: PaginationSchema })
export type LeadList = z.infer<typeof LeadListSchema>
