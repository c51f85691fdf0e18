import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { positionEnum, toIntegrationView } from './integration-view.ts'
import { requireIntegration } from './require-integration.ts'
import { storeWidgetLogo } from './store-widget-logo.ts'
import type { IntegrationUpdate } from './widgets.schemas.ts'

/** Changes only the fields supplied; a new logo replaces the old file. */
export async function updateIntegration(database: Database, storage: FileStorage, actor: Actor, agentId: string, integrationId: string, change: IntegrationUpdate, logo: Buffer | undefined) {
  const integration = await requireIntegration(database, actor, agentId, integrationId, 'edit')
  const websiteLogoKey = logo ? await storeWidgetLogo(storage, integration.id, logo) : undefined
  const updated = await database.prisma.widgetIntegration.update({
    where: { id: integration.id },
    data: {
      websiteName: change.website_name,
      websiteDomain: change.website_domain,
      websiteLogoKey,
      startMessage: change.start_message,
      position: change.widget_position ? positionEnum(change.widget_position) : undefined,
      color: change.widget_color,
      botName: change.bot_name,
      autoOpenChat: change.auto_open_chat,
      collectUserEmail: change.collect_user_email,
      enableAttachments: change.enable_attachments,
      showBranding: change.show_branding,
      allowSubdomains: change.allow_subdomains,
      isActive: change.is_active,
      dailyTokenBudget: change.daily_token_budget,
    },
  })
  if (websiteLogoKey && integration.websiteLogoKey) await storage.delete(integration.websiteLogoKey)
  return { message: 'Widget integration updated successfully', ...toIntegrationView(updated) }
}
