import type { WidgetIntegration, WidgetPosition } from '../db/generated/prisma/client.ts'
import type { WidgetIntegrationView, WidgetPositionValue } from './widgets.schemas.ts'

/** The SPEC's spelling of a position (bottom-right) from the database enum's (bottom_right). */
export const positionValue = (position: WidgetPosition) => position.replace('_', '-') as WidgetPositionValue
export const positionEnum = (value: WidgetPositionValue) => value.replace('-', '_') as WidgetPosition

/** Where a widget's logo is served from: public, since the widget shows it on the customer's site. */
export function logoUrl(integration: Pick<WidgetIntegration, 'id' | 'websiteLogoKey'>): string | null {
  return integration.websiteLogoKey
    ? `/api/widget-logos/${integration.id}/${integration.websiteLogoKey.split('/').pop()}`
    : null
}

/** A widget integration as the SPEC names its fields (section 3). */
export function toIntegrationView(integration: WidgetIntegration): WidgetIntegrationView {
  return {
    integration_id: integration.id,
    client_key: integration.clientKey,
    agent_id: integration.agentId,
    website_name: integration.websiteName,
    website_domain: integration.websiteDomain,
    website_logo: logoUrl(integration),
    start_message: integration.startMessage,
    widget_position: positionValue(integration.position),
    widget_color: integration.color,
    bot_name: integration.botName,
    auto_open_chat: integration.autoOpenChat,
    collect_user_email: integration.collectUserEmail,
    enable_attachments: integration.enableAttachments,
    show_branding: integration.showBranding,
    allow_subdomains: integration.allowSubdomains,
    daily_token_budget: integration.dailyTokenBudget,
    human_handoff: integration.humanHandoff,
    handoff_wait_minutes: integration.handoffWaitMinutes,
    handoff_reply_time: integration.handoffReplyTime,
    identity_verification: integration.identitySecretSealed !== null,
    is_active: integration.isActive,
    created_at: integration.createdAt.toISOString(),
    updated_at: integration.updatedAt.toISOString(),
  }
}
