// What Meta's webhook delivers, read as far as receiving needs (docs/api/channels.md): a WhatsApp
// Business Account's `messages` changes, and a Page's or Instagram account's `messaging` events. Meta adds
// fields over time, so objects are loose; what is read must have its type. Imports only zod.
import { z } from 'zod'

// Ids are digits or Meta's message ids; a NUL character is none of them (and no database text holds one).
const id = z
  .string()
  .min(1)
  .max(300)
  .refine((value) => !value.includes('\u0000'))

/** The last moment a timestamp may name (the end of year 9999): later ones are no date a database keeps. */
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

const WhatsAppMessage = z.looseObject({
  id,
  from: id,
  // Seconds, as a string.
  timestamp: z
    .string()
    .regex(/^\d{1,12}$/)
    .refine((seconds) => Number(seconds) * 1_000 <= LAST_MS),
  type: z.string(),
})

const WhatsAppChange = z.looseObject({
  field: z.string(),
  value: z
    .looseObject({
      metadata: z.looseObject({ phone_number_id: id }).optional(),
      messages: z.array(WhatsAppMessage).optional(),
    })
    .optional(),
})

// Who, to whom and when are read only from a message: other events (deliveries carry no timestamp,
// opt-ins no sender) are acknowledged whatever they hold.
const MessagingEvent = z.looseObject({
  sender: z.looseObject({ id: id.optional() }).optional(),
  recipient: z.looseObject({ id: id.optional() }).optional(),
  // Milliseconds.
  timestamp: z.number().int().nonnegative().max(LAST_MS).optional(),
  message: z.looseObject({ mid: id, is_echo: z.boolean().optional() }).optional(),
})

export const MetaWebhookSchema = z.looseObject({
  object: z.string(),
  entry: z
    .array(
      z.looseObject({
        changes: z.array(WhatsAppChange).optional(),
        messaging: z.array(MessagingEvent).optional(),
      }),
    )
    .max(1_000),
})
export type MetaWebhook = z.infer<typeof MetaWebhookSchema>
