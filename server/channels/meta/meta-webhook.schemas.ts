// What Meta's webhook delivers, read as far as receiving needs (docs/api/channels.md): a WhatsApp
// Business Account's `messages` changes, and a Page's or Instagram account's `messaging` events. Meta adds
// fields over time, so objects are loose; what is read must have its type. Imports only zod.
import { z } from 'zod'

const id = z.string().min(1).max(300)

const WhatsAppMessage = z.looseObject({ id, from: id, timestamp: z.string().regex(/^\d{1,12}$/), type: z.string() })

const WhatsAppChange = z.looseObject({
  field: z.string(),
  value: z
    .looseObject({
      metadata: z.looseObject({ phone_number_id: id }).optional(),
      messages: z.array(WhatsAppMessage).optional(),
    })
    .optional(),
})

const MessagingEvent = z.looseObject({
  sender: z.looseObject({ id }),
  recipient: z.looseObject({ id }),
  timestamp: z.number().int().nonnegative(),
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
