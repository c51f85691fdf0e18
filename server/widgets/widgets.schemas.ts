// The widget integration contract: the SPEC's form rules (section 5) and defaults (section 9). Imports only zod and shared/'s zod-only rules.
import { z } from 'zod'
import { multiLineText, singleLineText } from '../../shared/text-rules.schemas.ts'

export const WIDGET_MESSAGES = {
  agentRequired: 'Please select an agent',
  websiteName: 'Website name is required',
  websiteDomain: 'Website domain is required',
  domainInvalid:
    'Website domain must be a host name such as shop.example.com, or an origin such as http://localhost:8080',
  startMessage: 'Start message is required',
  position: 'Position must be bottom-right, bottom-left, top-right or top-left',
  color: 'Must be a valid hex color code',
  botName: 'Bot name is required',
  required: 'Required',
  handoffWait: 'Wait for a person must be a whole number of minutes from 1 to 60',
  replyTime: 'Say when the team answers, such as "within one business day"',
} as const

export const WIDGET_DEFAULTS = {
  position: 'bottom-right',
  color: '#6366f1',
  botName: 'Assistant',
  startMessage: 'Hello! How can I help you today?',
  handoffWaitMinutes: 3,
  handoffReplyTime: 'within one business day',
} as const

const POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const
export type WidgetPositionValue = (typeof POSITIONS)[number]

/** A widget's client key as create-integration.ts makes it: wk_ and 18 random bytes in base64url. */
export const isClientKey = (value: unknown): value is string =>
  typeof value === 'string' && /^wk_[A-Za-z0-9_-]{24}$/.test(value)

const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443 }

/**
 * The domain as stored: the site's origin written short. A bare host means https on port 443, so
 * https:// and the scheme's default port are left out (`https://Shop.Example.com:443/` →
 * `shop.example.com`, `https://shop.example.com:8443` → `shop.example.com:8443`); http is kept
 * (`http://localhost:8080`). Lower-cased, trailing slash stripped; a path, a query, credentials or
 * anything but a host name is refused. Rows written before schemes counted hold `host[:port]`, which
 * reads the same way: https.
 */
export function normaliseDomain(value: string): string | null {
  const match = /^(?:(https?):\/\/)?([a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(value.trim().toLowerCase().replace(/\/+$/, ''))
  if (!match) return null
  const [, scheme = 'https', host = '', port] = match
  if (host.startsWith('.') || host.endsWith('.') || host.includes('..') || host.length > 253) return null
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return null
  const namedPort = port === undefined || Number(port) === DEFAULT_PORTS[scheme] ? '' : `:${Number(port)}`
  return scheme === 'https' ? `${host}${namedPort}` : `${scheme}://${host}${namedPort}`
}

// Multipart forms send every field as text: "true"/"false" become booleans.
const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])], { error: WIDGET_MESSAGES.required })
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on')

const domain = z
  .string({ error: WIDGET_MESSAGES.websiteDomain })
  .trim()
  .min(1, { error: WIDGET_MESSAGES.websiteDomain })
  .transform((value, context) => {
    const normalised = normaliseDomain(value)
    if (!normalised) {
      context.addIssue({ code: 'custom', message: WIDGET_MESSAGES.domainInvalid })
      return z.NEVER
    }
    return normalised
  })

const fields = {
  // Names are shown on one line in the widget; the start message may run over lines.
  website_name: singleLineText({ label: 'Website name', max: 200, required: WIDGET_MESSAGES.websiteName }),
  website_domain: domain,
  start_message: multiLineText({ label: 'Start message', max: 1_000, required: WIDGET_MESSAGES.startMessage }),
  widget_position: z.enum(POSITIONS, { error: WIDGET_MESSAGES.position }),
  widget_color: z
    .string({ error: WIDGET_MESSAGES.color })
    .trim()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: WIDGET_MESSAGES.color }),
  bot_name: singleLineText({ label: 'Bot name', max: 80, required: WIDGET_MESSAGES.botName }),
  auto_open_chat: formBoolean,
  collect_user_email: formBoolean,
  enable_attachments: formBoolean,
  show_branding: formBoolean,
  allow_subdomains: formBoolean,
  is_active: formBoolean,
  daily_token_budget: z.coerce
    .number({ error: 'daily_token_budget must be a whole number' })
    .int({ error: 'daily_token_budget must be a whole number' })
    .min(1, { error: 'daily_token_budget must be at least 1' })
    .max(1_000_000_000, { error: 'daily_token_budget is too large' }),
  human_handoff: formBoolean,
  handoff_wait_minutes: z.coerce
    .number({ error: WIDGET_MESSAGES.handoffWait })
    .int({ error: WIDGET_MESSAGES.handoffWait })
    .min(1, { error: WIDGET_MESSAGES.handoffWait })
    .max(60, { error: WIDGET_MESSAGES.handoffWait }),
  handoff_reply_time: singleLineText({ label: 'Reply time', max: 80, required: WIDGET_MESSAGES.replyTime }),
}

export const CreateIntegrationSchema = z.strictObject(
  {
    website_name: fields.website_name,
    website_domain: fields.website_domain,
    start_message: fields.start_message.default(WIDGET_DEFAULTS.startMessage),
    widget_position: fields.widget_position.default(WIDGET_DEFAULTS.position),
    widget_color: fields.widget_color.default(WIDGET_DEFAULTS.color),
    bot_name: fields.bot_name.default(WIDGET_DEFAULTS.botName),
    auto_open_chat: fields.auto_open_chat.default(false),
    collect_user_email: fields.collect_user_email.default(false),
    enable_attachments: fields.enable_attachments.default(true),
    show_branding: fields.show_branding.default(true),
    allow_subdomains: fields.allow_subdomains.default(false),
    daily_token_budget: fields.daily_token_budget.optional(),
    human_handoff: fields.human_handoff.default(false),
    handoff_wait_minutes: fields.handoff_wait_minutes.default(WIDGET_DEFAULTS.handoffWaitMinutes),
    handoff_reply_time: fields.handoff_reply_time.default(WIDGET_DEFAULTS.handoffReplyTime),
  },
  { error: WIDGET_MESSAGES.websiteName },
)
export type NewIntegration = z.infer<typeof CreateIntegrationSchema>

// Partial: only what is sent changes (SPEC: "same fields, only those supplied").
export const UpdateIntegrationSchema = z.strictObject(
  {
    website_name: fields.website_name.optional(),
    website_domain: fields.website_domain.optional(),
    start_message: fields.start_message.optional(),
    widget_position: fields.widget_position.optional(),
    widget_color: fields.widget_color.optional(),
    bot_name: fields.bot_name.optional(),
    auto_open_chat: fields.auto_open_chat.optional(),
    collect_user_email: fields.collect_user_email.optional(),
    enable_attachments: fields.enable_attachments.optional(),
    show_branding: fields.show_branding.optional(),
    allow_subdomains: fields.allow_subdomains.optional(),
    is_active: fields.is_active.optional(),
    daily_token_budget: fields.daily_token_budget.nullable().optional(),
    human_handoff: fields.human_handoff.optional(),
    handoff_wait_minutes: fields.handoff_wait_minutes.optional(),
    handoff_reply_time: fields.handoff_reply_time.optional(),
  },
  { error: 'Send the fields to change' },
)
export type IntegrationUpdate = z.infer<typeof UpdateIntegrationSchema>

/** A widget integration as every widget-integrations call answers it (SPEC section 3). */
export const WidgetIntegrationViewSchema = z.strictObject({
  integration_id: z.string(),
  client_key: z.string(),
  agent_id: z.string(),
  website_name: z.string(),
  website_domain: z.string(),
  website_logo: z.string().nullable(),
  start_message: z.string(),
  widget_position: z.enum(POSITIONS),
  widget_color: z.string(),
  bot_name: z.string(),
  auto_open_chat: z.boolean(),
  collect_user_email: z.boolean(),
  enable_attachments: z.boolean(),
  show_branding: z.boolean(),
  allow_subdomains: z.boolean(),
  daily_token_budget: z.number().nullable(),
  /** "Talk to a person" in the widget; how long it waits for a team member; when the team answers otherwise. */
  human_handoff: z.boolean(),
  handoff_wait_minutes: z.number(),
  handoff_reply_time: z.string(),
  /** The integration has an identity secret: pages may pass signed visitor tokens. */
  identity_verification: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type WidgetIntegrationView = z.infer<typeof WidgetIntegrationViewSchema>

export const WidgetIntegrationListSchema = z.strictObject({ integrations: z.array(WidgetIntegrationViewSchema) })
