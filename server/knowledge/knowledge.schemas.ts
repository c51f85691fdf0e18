// The knowledge contract shared by texts, documents and websites. Imports only zod and shared/'s zod-only rules.
import { z } from 'zod'
import { PaginationSchema } from '../agents/agents.schemas.ts'
import { pageParam, pageSizeParam } from '../../shared/page-params.schemas.ts'
import { jsonObjectSchema, jsonTooLargeMessage } from '../../shared/json-limits.schemas.ts'
import { isSingleLine, multiLineText, singleLineText } from '../../shared/text-rules.schemas.ts'

/** page, page_size, search and sort_by of the knowledge lists. */
export const ItemListQuerySchema = z.object({
  page: pageParam,
  page_size: pageSizeParam(20),
  search: singleLineText({ label: 'Search', max: 200 }).optional(),
  sort_by: z
    .enum(['created_at', '-created_at', 'name', '-name'], {
      error: 'sort_by must be created_at, -created_at, name or -name',
    })
    .default('-created_at'),
})
export type ItemListQuery = z.infer<typeof ItemListQuerySchema>

export const KNOWLEDGE_TYPES = ['document', 'text', 'website'] as const
/** The objectType of the embedding calls; the plural is accepted too. */
export const ObjectTypeSchema = z
  .enum(['document', 'documents', 'text', 'texts', 'website', 'websites'], { error: 'Unknown knowledge type' })
  .transform((value) => value.replace(/s$/, '') as (typeof KNOWLEDGE_TYPES)[number])

export const EmbedRequestSchema = z
  .strictObject({ object_name: singleLineText({ label: 'Object name', max: 500 }).optional() })
  .optional()

const tags = z
  .array(
    singleLineText({
      label: 'A tag',
      max: 50,
      required: 'Tags must be a list of words',
      refused: 'Tags must be words without control characters',
    }),
    { error: 'Tags must be a list of words' },
  )
  .max(30, { error: 'At most 30 tags' })
const META_DATA_MAX_CHARACTERS = 20_000
// Stored as jsonb: bounded in depth and size, and without a NUL character, which jsonb cannot hold.
const metaData = jsonObjectSchema('meta_data', META_DATA_MAX_CHARACTERS)
const META_DATA_TOO_LONG = jsonTooLargeMessage('meta_data', META_DATA_MAX_CHARACTERS)

const TEXT_MESSAGES = { required: 'Text title and content are required' } as const

export const NewTextSchema = z.strictObject(
  {
    text_title: singleLineText({ label: 'Text title', max: 200, required: TEXT_MESSAGES.required }),
    // Pasted text keeps its tabs and line breaks; other control characters are refused.
    text_content: multiLineText({ label: 'Text content', max: 2_000_000, required: TEXT_MESSAGES.required }),
    text_description: multiLineText({ label: 'Text description', max: 2_000 }).optional(),
    text_tags: tags.optional(),
    meta_data: metaData.optional(),
  },
  { error: TEXT_MESSAGES.required },
)
export type NewText = z.infer<typeof NewTextSchema>

export const UpdateTextSchema = NewTextSchema.partial()
export type UpdateText = z.infer<typeof UpdateTextSchema>

// Multipart fields arrive as strings: tags and meta_data are JSON inside them (a JSON body may send them
// as they are). The text is bounded before it is parsed, and the schema bounds the parsed value's depth.
const jsonOrValue = <T extends z.ZodType>(schema: T, { invalid, tooLong }: { invalid: string; tooLong: string }) =>
  z
    .unknown()
    .transform((value, context) => {
      if (typeof value !== 'string') return value
      if (value.length > META_DATA_MAX_CHARACTERS) {
        context.addIssue({ code: 'custom', message: tooLong })
        return z.NEVER
      }
      try {
        return JSON.parse(value) as unknown
      } catch {
        context.addIssue({ code: 'custom', message: invalid })
        return z.NEVER
      }
    })
    .pipe(schema)

/** A document's name, description and metadata: sent with its upload and on its own to edit them. */
export const DocumentFieldsSchema = z.strictObject({
  document_name: singleLineText({ label: 'Document name', max: 255 }).optional(),
  document_description: multiLineText({ label: 'Description', max: 2_000 }).optional(),
  document_language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, { error: 'Language must be a code such as en or pt-BR' })
    .optional(),
  document_tags: jsonOrValue(tags, {
    invalid: 'document_tags must be a JSON list of words',
    tooLong: 'At most 30 tags',
  }).optional(),
  meta_data: jsonOrValue(metaData, {
    invalid: 'meta_data must be a JSON object',
    tooLong: META_DATA_TOO_LONG,
  }).optional(),
})
export type DocumentFields = z.infer<typeof DocumentFieldsSchema>

/** What the server reads from the file itself: the SPEC's upload form may send it; it is accepted and not used. */
const readFromTheFile = z.string().max(1_000).optional()

/**
 * The upload form's text fields (SPEC: document_name, document_format, document_file, document_path,
 * document_size, document_description, document_language, document_tags, meta_data). Strict like every
 * body; the format, path and size come from the file and the stored path, so what a client says of them is dropped.
 */
export const DocumentUploadFieldsSchema = DocumentFieldsSchema.extend({
  document_format: readFromTheFile,
  document_file: readFromTheFile,
  document_path: readFromTheFile,
  document_size: readFromTheFile,
}).transform(
  ({ document_format: _format, document_file: _file, document_path: _path, document_size: _size, ...fields }) => fields,
)

const WEBSITE_MESSAGES = {
  url: 'Please enter a valid website URL (http or https)',
  name: 'Website name is required',
} as const

const pathPatterns = z
  .array(
    z
      .string()
      .trim()
      .regex(/^\/[^\s\p{Cc}]*$/u, { error: 'Path patterns start with / (for example /docs/*)' })
      .max(200),
    { error: 'Path patterns must be a list' },
  )
  .max(20, { error: 'At most 20 path patterns' })

const websiteFields = {
  website_url: z
    .url({ protocol: /^https?$/, error: WEBSITE_MESSAGES.url })
    .max(2_000, { error: WEBSITE_MESSAGES.url })
    .refine(isSingleLine, { error: WEBSITE_MESSAGES.url }),
  website_name: singleLineText({ label: 'Website name', max: 255, required: WEBSITE_MESSAGES.name }),
  crawling: z.boolean({ error: 'crawling must be true or false' }),
  max_pages: z
    .number({ error: 'max_pages must be a whole number' })
    .int()
    .min(1, { error: 'max_pages must be between 1 and 1000' })
    .max(1_000, { error: 'max_pages must be between 1 and 1000' }),
  max_depth: z
    .number({ error: 'max_depth must be a whole number' })
    .int()
    .min(0, { error: 'max_depth must be between 0 and 10' })
    .max(10, { error: 'max_depth must be between 0 and 10' }),
  include_patterns: pathPatterns,
  exclude_patterns: pathPatterns,
  recrawl_interval_hours: z
    .number({ error: 'recrawl_interval_hours must be a whole number of hours' })
    .int()
    .min(1, { error: 'recrawl_interval_hours must be between 1 and 720' })
    .max(720, { error: 'recrawl_interval_hours must be between 1 and 720' })
    .nullable(),
}

export const NewWebsiteSchema = z.strictObject(
  {
    website_url: websiteFields.website_url,
    website_name: websiteFields.website_name,
    crawling: websiteFields.crawling.default(false),
    max_pages: websiteFields.max_pages.default(50),
    max_depth: websiteFields.max_depth.default(3),
    include_patterns: websiteFields.include_patterns.default([]),
    exclude_patterns: websiteFields.exclude_patterns.default([]),
    recrawl_interval_hours: websiteFields.recrawl_interval_hours.optional(),
  },
  { error: 'Invalid website URL or data' },
)
export type NewWebsite = z.infer<typeof NewWebsiteSchema>

export const UpdateWebsiteSchema = z.strictObject(
  Object.fromEntries(Object.entries(websiteFields).map(([key, schema]) => [key, schema.optional()])) as {
    [Key in keyof typeof websiteFields]: z.ZodOptional<(typeof websiteFields)[Key]>
  },
  { error: 'Invalid website URL or data' },
)
export type UpdateWebsite = z.infer<typeof UpdateWebsiteSchema>

// ───── What the knowledge calls answer: each item with its latest job, and the lists ─────
// Strict: they say exactly what the server sends, and the contract test fails on any field more or less.

const timestamp = z.string()
const itemStatus = z.enum(['pending', 'processing', 'ready', 'failed'])

/** A job as the API shows it: enough for a progress bar and an error message. */
const JobViewSchema = z.strictObject({
  job_id: z.string(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
  progress: z.number(),
  progress_detail: z.string().nullable(),
  attempts: z.number(),
  max_attempts: z.number(),
  error: z.string().nullable(),
  object_type: z.string().nullable(),
  object_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  finished_at: timestamp.nullable(),
})
export type JobView = z.infer<typeof JobViewSchema>

const itemFields = {
  id: z.string(),
  agent_id: z.string(),
  status_error: z.string().nullable(),
  embedded: z.boolean(),
  embedded_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  job: JobViewSchema.nullable(),
}

/** A text: the texts calls' item (SPEC section 3). */
export const TextViewSchema = z.strictObject({
  ...itemFields,
  text_id: z.string(),
  text_title: z.string(),
  text_content: z.string(),
  text_description: z.string().nullable(),
  text_tags: z.unknown(),
  meta_data: z.unknown(),
  status: itemStatus,
})
export type TextView = z.infer<typeof TextViewSchema>

/** A document: the documents calls' item (SPEC section 3). */
export const DocumentViewSchema = z.strictObject({
  ...itemFields,
  document_id: z.string(),
  document_name: z.string(),
  document_format: z.enum(['pdf', 'docx', 'txt', 'csv', 'json']),
  document_url: z.string(),
  document_size: z.string(),
  document_size_bytes: z.number(),
  document_description: z.string().nullable(),
  document_language: z.string(),
  document_tags: z.unknown(),
  meta_data: z.unknown(),
  file_type_icon: z.string(),
  page_count: z.number().nullable(),
  status: itemStatus,
  is_expired: z.boolean(),
})
export type DocumentView = z.infer<typeof DocumentViewSchema>

/** A website: the websites calls' item, with its crawl settings (SPEC section 3). */
export const WebsiteViewSchema = z.strictObject({
  ...itemFields,
  website_id: z.string(),
  website_url: z.string(),
  website_name: z.string(),
  crawling: z.boolean(),
  content_status: z.enum(['pending', 'crawled', 'available', 'failed']),
  pages_found: z.number(),
  pages_crawled: z.number(),
  max_pages: z.number(),
  max_depth: z.number(),
  include_patterns: z.array(z.string()),
  exclude_patterns: z.array(z.string()),
  recrawl_interval_hours: z.number().nullable(),
  next_crawl_at: timestamp.nullable(),
  last_crawled_at: timestamp.nullable(),
})
export type WebsiteView = z.infer<typeof WebsiteViewSchema>

/** Every list also says how many items of its kind wait for Embed, across all pages: Embed all acts on them. */
const pendingCount = z.number()

export const TextListSchema = z.strictObject({
  texts: z.array(TextViewSchema),
  pagination: PaginationSchema,
  pending_count: pendingCount,
})
export type TextList = z.infer<typeof TextListSchema>
export const DocumentListSchema = z.strictObject({
  documents: z.array(DocumentViewSchema),
  pagination: PaginationSchema,
  pending_count: pendingCount,
})
export type DocumentList = z.infer<typeof DocumentListSchema>
export const WebsiteListSchema = z.strictObject({
  websites: z.array(WebsiteViewSchema),
  pagination: PaginationSchema,
  pending_count: pendingCount,
})
export type WebsiteList = z.infer<typeof WebsiteListSchema>

/** POST /agents/{agentId}/{objectType}/embed-all/: how many items of the kind were queued for embedding. */
export const EmbedAllAnswerSchema = z.strictObject({ message: z.string(), queued: z.number() })
export type EmbedAllAnswer = z.infer<typeof EmbedAllAnswerSchema>

/** One page of a crawled website: read (its words are stored), embedded (indexed too), or skipped and why. */
const WebsitePageSchema = z.strictObject({
  url: z.string(),
  title: z.string().nullable(),
  status: z.enum(['read', 'embedded', 'skipped']),
  reason: z.string().nullable(),
})
export type WebsitePage = z.infer<typeof WebsitePageSchema>

/** GET /agents/{agentId}/websites/{websiteId}/pages/: the pages its last crawl read and those it skipped. */
export const WebsitePagesSchema = z.strictObject({ pages: z.array(WebsitePageSchema) })
export type WebsitePages = z.infer<typeof WebsitePagesSchema>

/** POST …/documents/{documentId}/download-link/: a signed, short-lived address of the file. */
export const DownloadLinkSchema = z.strictObject({ url: z.string(), expires_at: z.string() })
export type DownloadLink = z.infer<typeof DownloadLinkSchema>
