// SPEC section 5, widget form: the server's own schema decides, so the form never accepts what the
// server refuses. Its answer is the payload to send (domain without scheme and trailing slash) or
// the messages per form field.
import { z } from 'zod'
import { CreateIntegrationSchema, WIDGET_MESSAGES, type NewIntegration } from '#server/widgets/widgets.schemas.ts'
import type { WidgetFormErrors, WidgetFormField, WidgetFormValues } from './widget-form-values.ts'

/** The server's limits for a logo (server/widgets/store-widget-logo.ts), checked early to spare an upload. */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']
const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const LOGO_MESSAGE = 'The website logo must be a PNG, JPEG, GIF or WebP image smaller than 2 MB'

const FIELD_OF_PAYLOAD: Record<string, WidgetFormField> = {
  website_name: 'website_name',
  website_domain: 'website_domain',
  start_message: 'start_message',
  widget_position: 'position',
  widget_color: 'primaryColor',
  bot_name: 'botName',
  auto_open_chat: 'autoOpen',
  collect_user_email: 'collectUserEmail',
  enable_attachments: 'enableAttachments',
  show_branding: 'showBranding',
  human_handoff: 'humanHandoff',
  handoff_wait_minutes: 'handoffWaitMinutes',
  handoff_reply_time: 'handoffReplyTime',
}

export const isAcceptableLogo = (file: File) => LOGO_TYPES.includes(file.type) && file.size < LOGO_MAX_BYTES

type WidgetFormCheck = { ok: true; payload: NewIntegration } | { ok: false; errors: WidgetFormErrors }

function validateWidgetForm(values: WidgetFormValues): WidgetFormCheck {
  const errors: WidgetFormErrors = {}
  if (values.agentId.length < 1) errors.agentId = WIDGET_MESSAGES.agentRequired
  const logo = values.website_logo
  if (logo && !isAcceptableLogo(logo)) errors.website_logo = LOGO_MESSAGE
  const parsed = CreateIntegrationSchema.safeParse({
    website_name: values.website_name,
    website_domain: values.website_domain,
    start_message: values.start_message,
    widget_position: values.position,
    widget_color: values.primaryColor,
    bot_name: values.botName,
    auto_open_chat: values.autoOpen,
    collect_user_email: values.collectUserEmail,
    enable_attachments: values.enableAttachments,
    show_branding: values.showBranding,
    human_handoff: values.humanHandoff,
    handoff_wait_minutes: values.handoffWaitMinutes,
    handoff_reply_time: values.handoffReplyTime,
  })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF_PAYLOAD[String(issue.path[0])]
      if (field && !errors[field]) errors[field] = issue.message || WIDGET_MESSAGES.required
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, payload: parsed.data }
}

/**
 * The form helper's schema (decision 055): the same check, its messages put on the form's fields; what
 * passes becomes the payload to send and the logo to upload.
 */
export const WidgetFormSchema = z.custom<WidgetFormValues>().transform((values, context) => {
  const check = validateWidgetForm(values)
  if (check.ok) return { payload: check.payload, logo: values.website_logo }
  for (const [field, message] of Object.entries(check.errors))
    if (message) context.addIssue({ code: 'custom', path: [field], message })
  return z.NEVER
})
