// The Widget page's form model (SPEC section 3) and its defaults (SPEC section 9, from the server's
// contract so the dashboard, the server and the Shopify admin start from the same widget).
import { WIDGET_DEFAULTS } from '#server/widgets/widgets.schemas.ts'
import type { WidgetIntegration, WidgetPosition } from './widget.types.ts'

export interface WidgetFormValues {
  agentId: string
  website_name: string
  website_domain: string
  start_message: string
  position: WidgetPosition
  primaryColor: string
  botName: string
  autoOpen: boolean
  showBranding: boolean
  collectUserEmail: boolean
  enableAttachments: boolean
  humanHandoff: boolean
  /** Typed text until it is checked: the server's schema reads the number. */
  handoffWaitMinutes: string
  handoffReplyTime: string
  website_logo: File | null
}

export type WidgetFormField = keyof WidgetFormValues
export type WidgetFormErrors = Partial<Record<WidgetFormField, string>>

export const POSITION_OPTIONS: { label: string; value: WidgetPosition }[] = [
  { label: 'Bottom Right', value: 'bottom-right' },
  { label: 'Bottom Left', value: 'bottom-left' },
  { label: 'Top Right', value: 'top-right' },
  { label: 'Top Left', value: 'top-left' },
]

/** The plain welcome text of SPEC section 9, the one the server and the theme extension default to. */
export const WIDGET_FORM_DEFAULTS: WidgetFormValues = {
  agentId: '',
  website_name: '',
  website_domain: '',
  start_message: WIDGET_DEFAULTS.startMessage,
  position: WIDGET_DEFAULTS.position,
  primaryColor: WIDGET_DEFAULTS.color,
  botName: WIDGET_DEFAULTS.botName,
  autoOpen: false,
  showBranding: true,
  collectUserEmail: false,
  enableAttachments: true,
  humanHandoff: false,
  handoffWaitMinutes: String(WIDGET_DEFAULTS.handoffWaitMinutes),
  handoffReplyTime: WIDGET_DEFAULTS.handoffReplyTime,
  website_logo: null,
}

/** The form filled with an integration, to edit it (its logo stays unless a new one is chosen). */
export function valuesOfIntegration(integration: WidgetIntegration): WidgetFormValues {
  return {
    agentId: integration.agent_id,
    website_name: integration.website_name,
    website_domain: integration.website_domain,
    start_message: integration.start_message,
    position: integration.widget_position,
    primaryColor: integration.widget_color,
    botName: integration.bot_name,
    autoOpen: integration.auto_open_chat,
    showBranding: integration.show_branding,
    collectUserEmail: integration.collect_user_email,
    enableAttachments: integration.enable_attachments,
    humanHandoff: integration.human_handoff,
    handoffWaitMinutes: String(integration.handoff_wait_minutes),
    handoffReplyTime: integration.handoff_reply_time,
    website_logo: null,
  }
}

/** What each tab of the form receives: the values, their messages and one way to change a field. */
export interface WidgetFieldsProps {
  values: WidgetFormValues
  errors: WidgetFormErrors
  onChange<Field extends WidgetFormField>(field: Field, value: WidgetFormValues[Field]): void
}
