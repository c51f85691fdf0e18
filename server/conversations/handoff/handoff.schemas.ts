// The live takeover contract: what a person joining, writing and leaving says, and what the visitor's
// widget is told. Imports only zod.
import { z } from 'zod'
import { ConversationViewSchema, MessageViewSchema, messageText } from '../conversations.schemas.ts'

export const HANDOFF_MESSAGES = {
  visitorsOnly: 'Only a chat with a website visitor or a store customer can be joined.',
  closed: 'This conversation is closed.',
  notHeld: 'Nobody from the team is in this chat.',
  joinFirst: 'Join the chat to write to the visitor.',
  notOffered: 'Talking to a person is not available in this chat.',
} as const

/** Another team member holds the chat: only they, or whoever hands it back, can change that. */
export const heldByOther = (name: string) => `${name} is already in this chat.`

/** What the chat itself says, to the visitor and the team alike. */
export const HANDOFF_NOTICES = {
  joined: (name: string) => `${name} joined the chat`,
  left: (name: string) => `${name} left the chat`,
  requested: 'A person was asked for: someone from the team will join this chat as soon as they can.',
} as const

export const PersonMessageSchema = z.strictObject(
  { message_text: messageText },
  { error: 'Message text is required and cannot be empty.' },
)

/**
 * Where the visitor's chat stands: the person in it (by the name they go by), or when a person was asked
 * for and how long the widget still waits before it offers to leave an e-mail, and when the team answers.
 */
export const LiveStateViewSchema = z.strictObject({
  person_name: z.string().nullable(),
  person_requested_at: z.string().nullable(),
  wait_seconds_left: z.number().nullable(),
  reply_time: z.string(),
})
export type LiveStateView = z.infer<typeof LiveStateViewSchema>

/** POST …/takeover/ and …/release/: what happened, the conversation now, and the notice the visitor reads (if written). */
export const HandoffAnswerSchema = z.strictObject({
  message: z.string(),
  conversation: ConversationViewSchema,
  notice: MessageViewSchema.nullable(),
})
