// The agents contract: each call's request (bodies and queries, with the SPEC's messages) beside its answer.
// Imports only zod and shared/'s zod-only rules, so the dashboard and the embedded admin import it too.
import { z } from 'zod'
import { idField } from '../../shared/ids.schemas.ts'
import { pageParam, pageSizeParam } from '../../shared/page-params.schemas.ts'
import { isSingleLine, multiLineText, singleLineText } from '../../shared/text-rules.schemas.ts'

export const AGENT_MESSAGES = { nameRequired: 'Agent name is required' } as const

const agentName = singleLineText({ label: 'Agent name', max: 120, required: AGENT_MESSAGES.nameRequired })
const description = multiLineText({ label: 'Description', max: 2_000 })
/** "Train new knowledge automatically": on unless turned off. */
const autoEmbed = z.boolean({ error: 'auto_embed must be true or false' })
const visibility = z.enum(['public', 'private'], { error: 'Visibility must be public or private' })

export const CreateAgentSchema = z.strictObject(
  {
    name: agentName,
    description: description.optional(),
    visibility: visibility.default('private'),
    auto_embed: autoEmbed.default(true),
  },
  { error: AGENT_MESSAGES.nameRequired },
)
export type CreateAgent = z.input<typeof CreateAgentSchema>

// Partial: only what is sent changes. null clears an optional text.
export const UpdateAgentSchema = z.strictObject(
  {
    name: agentName.optional(),
    description: description.nullable().optional(),
    visibility: visibility.optional(),
    avatar_url: z
      .url({ protocol: /^https?$/, error: 'Avatar URL must be an http(s) URL' })
      .max(2_000)
      .refine(isSingleLine, { error: 'Avatar URL must be an http(s) URL' })
      .nullable()
      .optional(),
    is_favorite: z.boolean({ error: 'is_favorite must be true or false' }).optional(),
    is_archived: z.boolean({ error: 'is_archived must be true or false' }).optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
    auto_embed: autoEmbed.optional(),
    instructions: multiLineText({
      label: 'Instructions',
      max: 8_000,
      keepSpaces: true,
      refused: 'Instructions have characters that are not text',
    })
      .nullable()
      .optional(),
    llm_model: singleLineText({ label: 'Model', max: 200 })
      .min(1, { error: 'Model cannot be empty' })
      .nullable()
      .optional(),
    llm_temperature: z
      .number({ error: 'Temperature must be a number' })
      .min(0, { error: 'Temperature must be between 0 and 2' })
      .max(2, { error: 'Temperature must be between 0 and 2' })
      .nullable()
      .optional(),
    llm_max_tokens: z
      .number({ error: 'Max tokens must be a whole number' })
      .int()
      .min(16)
      .max(32_000)
      .nullable()
      .optional(),
  },
  { error: 'Invalid data provided for the agent.' },
)
export type UpdateAgent = z.infer<typeof UpdateAgentSchema>

/** An agent as every agents call answers it (SPEC section 3): create, read, update, and each item of a list. */
export const AgentViewSchema = z.strictObject({
  agent_id: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  visibility,
  avatar_url: z.string().nullable(),
  is_favorite: z.boolean(),
  is_archived: z.boolean(),
  is_active: z.boolean(),
  /** "Train new knowledge automatically": texts, documents and websites are embedded once read. */
  auto_embed: z.boolean(),
  instructions: z.string().nullable(),
  llm_model: z.string().nullable(),
  llm_temperature: z.number().nullable(),
  llm_max_tokens: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  no_of_documents: z.number(),
  no_of_texts: z.number(),
  no_of_websites: z.number(),
  no_of_conversations: z.number(),
  conversation_count: z.number(),
  documents_summary: z.strictObject({ total_documents: z.number() }),
  teams: z.array(z.string()),
  no_of_team_members: z.number(),
  /** Whether the caller's account owns the agent. */
  is_owner: z.boolean(),
  /** What the caller may do with the agent (docs/permissions.md), so screens offer only what the API allows. */
  permissions: z.array(z.enum(['read', 'chat', 'edit', 'manage'])),
})
export type AgentView = z.infer<typeof AgentViewSchema>

/** POST /agents/permissions/check-content/: may the caller act on this kind of content of the agent? */
export const CheckContentSchema = z.strictObject(
  {
    agent_id: idField('Please select an agent'),
    action: z
      .enum(['view', 'upload', 'edit', 'delete', 'embed'], {
        error: 'action must be view, upload, edit, delete or embed',
      })
      .default('view'),
    content_type: z.enum(['document', 'text', 'website']).optional(),
  },
  { error: 'Please select an agent' },
)

/** page and page_size of every paginated list: 10 a page unless asked, at most 100. */
export const PageQuerySchema = z.object({ page: pageParam, page_size: pageSizeParam(10) })
export type PageQuery = z.infer<typeof PageQuerySchema>

export const PaginationSchema = z.strictObject({
  page: z.number(),
  page_size: z.number(),
  total_count: z.number(),
  total_pages: z.number(),
})
export type Pagination = z.infer<typeof PaginationSchema>

export function paginationOf(query: PageQuery, totalCount: number): Pagination {
  return {
    page: query.page,
    page_size: query.page_size,
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / query.page_size),
  }
}

/** GET /agents/: one page of the caller's agents. */
export const AgentListSchema = z.strictObject({ agents: z.array(AgentViewSchema), pagination: PaginationSchema })
export type AgentList = z.infer<typeof AgentListSchema>
