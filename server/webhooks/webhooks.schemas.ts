// Outgoing webhooks: endpoints, the events they hear, and their deliveries. Imports only zod and shared/'s
// zod-only rules.
import { z } from 'zod'
import { singleLineText } from '../../shared/text-rules.schemas.ts'

/** The events an endpoint may hear (docs/api/webhooks.md says what each carries). */
export const WEBHOOK_EVENTS = [
  'conversation.started',
  'contact.provided',
  'conversation.completed',
  'custom.event',
  'handoff.requested',
  'answer.rated',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export const WEBHOOK_MESSAGES = {
  url: 'Enter the https:// address that receives the events',
  events: `Choose at least one event: ${WEBHOOK_EVENTS.join(', ')}`,
  notFound: 'Webhook endpoint not found',
  tooMany: 'An account has at most 10 webhook endpoints',
  customName: 'name must be 1 to 100 letters, digits, dots, dashes or underscores',
} as const

/** A receiver's address: http(s), no credentials, at most 2,000 characters (where it points is checked when sending). */
const endpointUrl = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .max(2_000, { error: WEBHOOK_MESSAGES.url })
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false
      const url = new URL(value)
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
    },
    { error: WEBHOOK_MESSAGES.url },
  )

export const CreateEndpointSchema = z.strictObject(
  {
    url: endpointUrl,
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.events }), { error: WEBHOOK_MESSAGES.events })
      .min(1, { error: WEBHOOK_MESSAGES.events })
      .transform((events) => [...new Set(events)]),
    description: singleLineText({ label: 'Description', max: 200 }).optional(),
  },
  { error: WEBHOOK_MESSAGES.url },
)
export type NewEndpoint = z.infer<typeof CreateEndpointSchema>

/** POST /webhooks/events/: a custom event, sent to the endpoints that hear custom.event. */
export const CustomEventSchema = z.strictObject(
  {
    name: z.string({ error: WEBHOOK_MESSAGES.customName }).regex(/^[A-Za-z0-9._-]{1,100}$/, {
      error: WEBHOOK_MESSAGES.customName,
    }),
    data: z
      .record(z.string(), z.unknown(), { error: 'data must be an object' })
      .refine((value) => JSON.stringify(value).length <= 10_000, { error: 'data must be at most 10,000 characters' })
      .default({}),
  },
  { error: WEBHOOK_MESSAGES.customName },
)

export const EndpointViewSchema = z.strictObject({
  endpoint_id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string().nullable(),
  created_at: z.string(),
})
export type EndpointView = z.infer<typeof EndpointViewSchema>

export const DeliveryViewSchema = z.strictObject({
  delivery_id: z.string(),
  message_id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
})
export type DeliveryView = z.infer<typeof DeliveryViewSchema>
