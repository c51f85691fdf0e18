// The conversations contract: bodies and queries with the SPEC's messages. Imports only zod and shared/'s zod-only rules.
import { z } from 'zod'
import { idField } from '../../shared/ids.schemas.ts'
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

/** Longest message a person may send (about 2,500 tokens). */
const MESSAGE_MAX_CHARACTERS = 10_000

const pageNumber = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback)

const conversationName = singleLineText({
  label: 'Conversation name',
  max: 255,
  required: CONVERSATION_MESSAGES.nameRequired,
})

export const CreateConversationSchema = z.object(
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
  page: pageNumber(1, 1_000_000),
  limit: pageNumber(10, 100),
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

export const UpdateConversationSchema = z.object(
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

export const MessagesQuerySchema = z.object({ page: pageNumber(1, 1_000_000), limit: pageNumber(30, 100) })

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
export const SendMessageSchema = z.object(
  {
    message_text: messageText,
    agent_id: idField(CONVERSATION_MESSAGES.agentRequired),
    conversation_id: idField(CONVERSATION_MESSAGES.conversationRequired),
    stream: z.boolean().optional(),
  },
  { error: CONVERSATION_MESSAGES.textRequired },
)

export const UpdateMessageSchema = z
  .object(
    {
      message_text: messageText.optional(),
      is_deleted: z.literal(true, { error: 'is_deleted can only be true' }).optional(),
    },
    { error: 'Send message_text to edit, or is_deleted true to delete' },
  )
  .refine((body) => body.message_text !== undefined || body.is_deleted === true, {
    error: 'Send message_text to edit, or is_deleted true to delete',
  })
