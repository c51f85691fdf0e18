import type { Actor } from '../accounts/actor.ts'
import type { PlanEnforcement } from '../billing/plan-enforcement.ts'
import type { Database } from '../db/database.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { positionEnum, toIntegrationView } from './integration-view.ts'
import { requireIntegration } from './require-integration.ts'
import { storeWidgetLogo } from './store-widget-logo.ts'
import type { IntegrationUpdate } from './widgets.schemas.ts'

export interface IntegrationChange {
  actor: Actor
  agentId: string
  integrationId: string
  change: IntegrationUpdate
  logo?: Buffer | undefined
}

/**
 * Changes only the fields supplied; a new logo replaces the old file. Switching a widget back on needs
 * room for it in the plan (402 otherwise), as creating it did.
 */
export async function updateIntegration(
  { database, storage, plans }: { database: Database; storage: FileStorage; plans: PlanEnforcement },
  { actor, agentId, integrationId, change, logo }: IntegrationChange,
) {
  const integration = await requireIntegration(database, { actor, agentId, integrationId, need: 'edit' })
  const switchingOn = change.is_active === true && !integration.isActive
  if (switchingOn) await plans.requireRoomFor({ accountId: integration.accountId, resource: 'widgets' })
  const websiteLogoKey = logo ? await storeWidgetLogo(storage, integration.id, logo) : undefined
  const update = (prisma: Pick<Database['prisma'], 'widgetIntegration'>) =>
    prisma.widgetIntegration.update({
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
        humanHandoff: change.human_handoff,
        handoffWaitMinutes: change.handoff_wait_minutes,
        handoffReplyTime: change.handoff_reply_time,
      },
    })
  const updated = switchingOn
    ? await plans.createWithinPlan({ accountId: integration.accountId, resource: 'widgets' }, update)
    : await update(database.prisma)
  if (websiteLogoKey && integration.websiteLogoKey) await storage.delete(integration.websiteLogoKey)
  return toIntegrationView(updated)
}
