// A widget integration as the API answers it (docs/api/widgets.md).
import type { WidgetPositionValue } from '#server/widgets/widgets.schemas.ts'

export type WidgetPosition = WidgetPositionValue

export interface WidgetIntegration {
  integration_id: string
  client_key: string
  agent_id: string
  website_name: string
  website_domain: string
  website_logo: string | null
  start_message: string
  widget_position: WidgetPosition
  widget_color: string
  bot_name: string
  auto_open_chat: boolean
  collect_user_email: boolean
  enable_attachments: boolean
  show_branding: boolean
  is_active: boolean
  created_at: string
  updated_at: string
}

export interface WidgetIntegrationList {
  integrations: WidgetIntegration[]
}
