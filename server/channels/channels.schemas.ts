// The messaging channels an agent answers on (docs/api/channels.md): what connecting one takes, what
// changing its token takes, and what is shown of it (never its token). Imports only zod.
import { z } from 'zod'

const CHANNEL_KINDS = ['whatsapp', 'messenger', 'instagram'] as const
export type ChannelKind = (typeof CHANNEL_KINDS)[number]

export const CHANNEL_MESSAGES = {
  kind: `kind must be one of ${CHANNEL_KINDS.join(', ')}`,
  id: (field: string) => `${field} must be the numeric id Meta gives it`,
  token: 'access_token must be the token Meta issued (20 to 1,000 characters, no spaces)',
  notFound: 'Channel not found',
  taken: (what: string) => `This ${what} is already connected to an agent. Disconnect it there first.`,
} as const

/** Meta's ids (phone number, Page, Instagram account, WhatsApp Business Account) are digits. */
const metaId = (field: string) =>
  z
    .string({ error: CHANNEL_MESSAGES.id(field) })
    .trim()
    .regex(/^\d{1,30}$/, { error: CHANNEL_MESSAGES.id(field) })

const accessToken = z
  .string({ error: CHANNEL_MESSAGES.token })
  .trim()
  .regex(/^[A-Za-z0-9._|-]{20,1000}$/, { error: CHANNEL_MESSAGES.token })

/** Which field names what is connected, by kind. */
const ID_FIELD = {
  whatsapp: 'phone_number_id',
  messenger: 'page_id',
  instagram: 'instagram_account_id',
} as const satisfies Record<ChannelKind, string>

type ConnectBody =
  | { kind: 'whatsapp'; phone_number_id: string; access_token: string; business_account_id?: string | undefined }
  | { kind: 'messenger'; page_id: string; access_token: string }
  | { kind: 'instagram'; instagram_account_id: string; access_token: string }

/**
 * POST /agents/{agentId}/channels/: one body per kind. One strict object of every field (so an unknown
 * field is named, as on every route), then each kind's own: its id required, the others' refused.
 */
export const ConnectChannelSchema = z
  .strictObject({
    kind: z.enum(CHANNEL_KINDS, { error: CHANNEL_MESSAGES.kind }),
    phone_number_id: metaId('phone_number_id').optional(),
    page_id: metaId('page_id').optional(),
    instagram_account_id: metaId('instagram_account_id').optional(),
    business_account_id: metaId('business_account_id').optional(),
    access_token: accessToken,
  })
  .superRefine((body, context) => {
    const needed = ID_FIELD[body.kind]
    if (!body[needed]) context.addIssue({ code: 'custom', path: [needed], message: CHANNEL_MESSAGES.id(needed) })
    const others = [...Object.values(ID_FIELD), 'business_account_id' as const].filter(
      (field) => field !== needed && !(field === 'business_account_id' && body.kind === 'whatsapp'),
    )
    for (const field of others)
      if (body[field] !== undefined)
        context.addIssue({ code: 'custom', path: [field], message: `${field} is not taken for kind ${body.kind}` })
  })
  .transform((body) => body as ConnectBody)
export type ConnectChannel = z.infer<typeof ConnectChannelSchema>

/** PUT /agents/{agentId}/channels/{channelId}/: a new token (checked at Meta again), and for WhatsApp its business account. */
export const UpdateChannelSchema = z.strictObject({
  access_token: accessToken,
  business_account_id: metaId('business_account_id').optional(),
})
export type UpdateChannel = z.infer<typeof UpdateChannelSchema>

/** What is shown of a connected channel. */
export interface ChannelView {
  channel_id: string
  agent_id: string
  kind: ChannelKind
  /** Meta's id of what is connected: the phone_number_id, the page_id or the instagram_account_id. */
  external_id: string
  business_account_id: string | null
  /** The name Meta gave when the token was last checked. */
  display_name: string
  created_at: string
  updated_at: string
}
