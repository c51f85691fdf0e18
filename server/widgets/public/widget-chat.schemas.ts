// The public widget calls' bodies. Imports only zod.
import { z } from 'zod'
import { messageText } from '../../conversations/conversations.schemas.ts'

export const StartWidgetSchema = z.object(
  {
    client_key: z
      .string({ error: 'client_key is required' })
      .trim()
      .min(1, { error: 'client_key is required' })
      .max(100),
  },
  { error: 'client_key is required' },
)

export const RefreshWidgetSchema = z.object(
  {
    refresh_token: z
      .string({ error: 'refresh_token is required' })
      .trim()
      .min(1, { error: 'refresh_token is required' })
      .max(200),
  },
  { error: 'refresh_token is required' },
)

export const EMAIL_REQUIRED = 'Please enter your e-mail address to start chatting.'

export const CreateWidgetConversationSchema = z.object({
  visitor_email: z.email({ error: 'Please enter a valid email address' }).trim().max(254).optional(),
})

export const WidgetMessageSchema = z.object(
  { message_text: messageText, stream: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).optional() },
  { error: 'Message text is required and cannot be empty.' },
)
