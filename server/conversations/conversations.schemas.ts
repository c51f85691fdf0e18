// The conversations contract: bodies and queries with the SPEC's messages. Imports only zod and shared/'s zod-only rules.
import { z } from 'zod'
import { idField } from '../../shared/ids.schemas.ts'
import { pageParam, pageSizeParam } from '../../shared/page-params.schemas.ts'
import { multiLineText, singleLineText } from '../../shared/text-rules.schemas.ts'

export const CONVERSATION_MESSAGES = {
  nameRequired: 'Conversation name is required and cannot be empty.',
  agentRequired: 'Agent ID is required.',
  agentMissing: 'The selected agent does not exist or is no longer available.',
  agentRequiredToFetch: 'Agent ID is required to fetch conversations',
  conversationRequired: 'Conversation ID is required to send messages',
  textRequired: 'Message text is required and cannot be empty.',
  notFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  agentFilterInvalid: 'agent_id must be the id of an agent',
  sendFailed: 'Failed to send message',
} as const

/** Who wrote a message: the visitor or user, the agent, a team member who joined, or the chat itself (a notice). */
export const SENDER_TYPES = ['user', 'ai', 'person', 'notice'] as const

/** Longest message a person may send (about 2,500 tokens). */
const MESSAGE_MAX_CHARACTERS = 10_000

const conversationName = singleLineText({
  label: 'Conversation name',
  max: 255,
  required: CONVERSATION_MESSAGES.nameRequired,
})

export const CreateConversationSchema = z.strictObject(
  {
    name: conversationName,
    // Any text: one that is no agent id answers the SPEC's 404 for an agent that does not exist (create-conversation.ts).
    agent_id: z
      .string({ error: CONVERSATION_MESSAGES.agentRequired })
      .trim()
      .min(1, { error: CONVERSATION_MESSAGES.agentRequired }),
  },
  { error: CONVERSATION_MESSAGES.nameRequired },
)

export const ConversationListQuerySchema = z.object({
  filter: z.enum(['all', 'favorite', 'archived'], { error: 'filter must be all, favorite or archived' }).default('all'),
  search: singleLineText({ label: 'Search', max: 200 }).optional(),
  page: pageParam,
  limit: pageSizeParam(10),
  // Empty means every agent, as when it is left out.
  agent_id: z
    .string({ error: CONVERSATION_MESSAGES.agentFilterInvalid })
    .trim()
    .transform((value) => value || undefined)
    .pipe(idField(CONVERSATION_MESSAGES.agentFilterInvalid).optional())
    .optional(),
})
export type ConversationListQuery = z.infer<typeof ConversationListQuerySchema>

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional()

export const UpdateConversationSchema = z.strictObject(
  {
    name: conversationName.optional(),
    is_archived: flag('is_archived'),
    is_deleted: flag('is_deleted'),
    is_active: flag('is_active'),
    is_favorite: flag('is_favorite'),
  },
  { error: 'Send the fields to change as a JSON object' },
)
export type ConversationUpdate = z.infer<typeof UpdateConversationSchema>

export const MessagesQuerySchema = z.object({ page: pageParam, limit: pageSizeParam(30) })

/** What a person (or a visitor) writes: lines and tabs as typed, no other control character. */
export const messageText = multiLineText({
  label: 'Message text',
  max: MESSAGE_MAX_CHARACTERS,
  required: CONVERSATION_MESSAGES.textRequired,
})

export const ChatInputSchema = z.object(
  { message_text: messageText, stream: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).optional() },
  { error: CONVERSATION_MESSAGES.textRequired },
)

/** The send call whose path the SPEC leaves open: everything in the body. */
export const SendMessageSchema = z.strictObject(
  {
    message_text: messageText,
    agent_id: idField(CONVERSATION_MESSAGES.agentRequired),
    conversation_id: idField(CONVERSATION_MESSAGES.conversationRequired),
    stream: z.boolean().optional(),
  },
  { error: CONVERSATION_MESSAGES.textRequired },
)

export const UpdateMessageSchema = z
  .strictObject(
    {
      message_text: messageText.optional(),
      is_deleted: z.literal(true, { error: 'is_deleted can only be true' }).optional(),
      // An edit that replaces later turns (they stay as the question's previous version) needs it.
      confirm: z.boolean({ error: 'confirm must be true or false' }).optional(),
    },
    { error: 'Send message_text to edit, or is_deleted true to delete' },
  )
  .refine((body) => body.message_text !== undefined || body.is_deleted === true, {
    error: 'Send message_text to edit, or is_deleted true to delete',
  })

/** POST …/{messageId}/versions/{version}/select/: nothing to send. */
export const SelectMessageVersionSchema = z.strictObject(
  {},
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : 'Send an empty JSON object',
  },
)

// The answers: a conversation and a message as every conversations call returns them (SPEC section 3).

/** A conversation, with its id also as conversation_id. */
export const ConversationViewSchema = z.strictObject({
  id: z.string(),
  conversation_id: z.string(),
  name: z.string(),
  last_message: z.string(),
  timestamp: z.string(),
  unread: z.number(),
  status: z.enum(['active', 'pending', 'completed']),
  agent_id: z.string(),
  agent_name: z.string(),
  channel: z.enum(['dashboard', 'widget', 'shopify']),
  is_favorite: z.boolean(),
  is_archived: z.boolean(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Live takeover: the team member in the chat (the agent does not answer meanwhile), or null. */
  person: z.strictObject({ user_id: z.string().nullable(), name: z.string() }).nullable(),
  /** When the visitor asked for a person, while nobody has joined. */
  person_requested_at: z.string().nullable(),
  /** A visitor the site vouched for (a signed visitor token): its user id there, name and e-mail. */
  visitor: z.strictObject({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
})
export type ConversationView = z.infer<typeof ConversationViewSchema>

/** GET /agents/{agentId}/conversations/export/: the file's format. */
export const ConversationExportQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
})

/** A passage an answer cites, numbered as the answer's own [n] markers. */
const SourceViewSchema = z.strictObject({
  number: z.number(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  source_type: z.string(),
  document_id: z.string().nullable(),
  text_id: z.string().nullable(),
  website_id: z.string().nullable(),
  page: z.number().nullable(),
  snippet: z.string(),
})
export type SourceView = z.infer<typeof SourceViewSchema>

/** A file a message carries: its name, type, size and position, never where it is stored. */
const AttachmentViewSchema = z.strictObject({
  index: z.number(),
  name: z.string().optional(),
  content_type: z.string().optional(),
  size: z.number().optional(),
})

/**
 * A store product a storefront answer showed the shopper, as its card shows it now (the shop's stored
 * catalogue; a product no longer sold has no card).
 */
export const ProductShownViewSchema = z.strictObject({
  /** The product's GraphQL id. */
  id: z.string(),
  title: z.string(),
  /** The product's page on the storefront. */
  url: z.string(),
  image_url: z.string().nullable(),
  /** The shop's currency (ISO 4217). */
  currency: z.string(),
  /** The first variant one can buy (else the first): its price and compare-at price. */
  price: z.string(),
  compare_at_price: z.string().nullable(),
  available: z.boolean(),
})
export type ProductShownView = z.infer<typeof ProductShownViewSchema>

/** A message with its sources and, for an answer, the model and its token usage. */
export const MessageViewSchema = z.strictObject({
  message_id: z.string(),
  conversation_id: z.string(),
  message_text: z.string(),
  sender_type: z.enum(SENDER_TYPES),
  /** A person's message: the name the visitor saw. */
  sender_name: z.string().nullable(),
  timestamp: z.string(),
  is_read: z.boolean(),
  is_deleted: z.boolean(),
  is_archived: z.boolean(),
  message_link: z.string().nullable(),
  attachments: z.array(AttachmentViewSchema),
  sources: z.array(SourceViewSchema),
  /** A storefront answer: the store products shown as cards under it (their GraphQL ids). */
  product_ids: z.array(z.string()),
  /** A storefront answer in the messages list: the cards of product_ids the shop still sells (else empty). */
  products: z.array(ProductShownViewSchema),
  reply_to: z.string().nullable(),
  edited_at: z.string().nullable(),
  /** An edited question's versions: the one shown (from 1) of how many; null while it has only one. */
  versions: z.strictObject({ index: z.number(), count: z.number() }).nullable(),
  answer_failed: z.boolean(),
  /**
   * Why it failed (null otherwise): timeout, rate_limited, unavailable, stopped, interrupted, failed, or
   * person_joined (a team member joined the visitor's chat while it was written: kept for the team, never sent);
   * an edited question waiting for its new answer says so in a sentence.
   */
  answer_failure: z.string().nullable(),
  /** A user message's answer as far as it was written: while it is being written, and once it failed. */
  partial_answer: z.string().nullable(),
  /** An answer's ratings as the reader sees them: their own, and the visitor's with its comment (null for other messages). */
  feedback: z
    .strictObject({
      yours: z.enum(['up', 'down']).nullable(),
      visitor: z.strictObject({ rating: z.enum(['up', 'down']), comment: z.string().nullable() }).nullable(),
    })
    .nullable(),
  usage: z
    .strictObject({ model: z.string().nullable(), prompt_tokens: z.number(), completion_tokens: z.number() })
    .nullable(),
})
export type MessageView = z.infer<typeof MessageViewSchema>

/** The page envelope of the conversations and messages lists. */
const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.strictObject({
    data: z.array(item),
    total: z.number(),
    page: z.number(),
    limit: z.number(),
    total_pages: z.number(),
  })

export const ConversationListSchema = pageOf(ConversationViewSchema)
export const MessageListSchema = pageOf(MessageViewSchema)
export type MessageList = z.infer<typeof MessageListSchema>

/** POST /conversations/create/: the conversation, and the agent's greeting when it has one. */
export const CreatedConversationSchema = z.strictObject({
  message: z.string(),
  conversation_id: z.string(),
  conversation: ConversationViewSchema,
  ai_message: MessageViewSchema.nullable(),
})

/** A chat call's answer (and its stream's `done` event): the saved message and the saved answer. */
export const ChatAnswerSchema = z.strictObject({
  conversation_id: z.string(),
  user_message: MessageViewSchema,
  ai_message: MessageViewSchema,
})
export type ChatAnswer = z.infer<typeof ChatAnswerSchema>
export type CreatedConversation = z.infer<typeof CreatedConversationSchema>

/** GET …/check-active/: whether the conversation takes messages (open, and its agent active). */
export const ConversationActivitySchema = z.strictObject({
  is_active: z.boolean(),
  conversation_id: z.string(),
  agent_id: z.string(),
  status: z.string(),
})
