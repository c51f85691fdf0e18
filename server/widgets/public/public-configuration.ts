import type { Database } from '../../db/database.ts'
import type { Agent, WidgetIntegration } from '../../db/generated/prisma/client.ts'
import { logoUrl, positionValue } from '../integration-view.ts'
import { activeIntegrationFor } from './active-integration.ts'

/** What a widget needs to draw itself: nothing private (no domain list, no budget, no ids but the key). */
export function publicConfigurationOf(integration: WidgetIntegration, agent: Pick<Agent, 'name'>) {
  return {
    client_key: integration.clientKey,
    agent_name: agent.name,
    website_name: integration.websiteName,
    website_logo: logoUrl(integration),
    bot_name: integration.botName,
    start_message: integration.startMessage,
    widget_position: positionValue(integration.position),
    widget_color: integration.color,
    auto_open_chat: integration.autoOpenChat,
    collect_user_email: integration.collectUserEmail,
    enable_attachments: integration.enableAttachments,
    show_branding: integration.showBranding,
    human_handoff: integration.humanHandoff,
  }
}

/** GET /widget-configurations/: the public configuration of one client key, for its own site only. */
export async function readPublicConfiguration(database: Database, clientKey: string, origin: string | null) {
  const { integration, agent } = await activeIntegrationFor(database, { clientKey }, origin)
  return publicConfigurationOf(integration, agent)
}
