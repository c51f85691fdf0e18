import { randomBytes, randomUUID } from 'node:crypto'
import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { PlanEnforcement } from '../billing/plan-enforcement.ts'
import type { Database } from '../db/database.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { positionEnum, toIntegrationView } from './integration-view.ts'
import { storeWidgetLogo } from './store-widget-logo.ts'
import type { NewIntegration } from './widgets.schemas.ts'

/** A client key: public (it sits in the embed code), unguessable, and recognisable in logs and code. */
const newClientKey = () => `wk_${randomBytes(18).toString('base64url')}`

export interface NewIntegrationRequest {
  actor: Actor
  agentId: string
  input: NewIntegration
  logo?: Buffer | undefined
  /** The integration this one replaces (the storefront's, when its agent changes): switched off by the caller, not counted against the plan. */
  replacing?: string | undefined
}

/**
 * Creates a widget integration for the agent, with its optional logo, if the agent owner's plan has room
 * for one more widget (402 otherwise, before the logo is stored); answers it with its client_key.
 */
export async function createIntegration(
  { database, storage, plans }: { database: Database; storage: FileStorage; plans: PlanEnforcement },
  { actor, agentId, input, logo, replacing }: NewIntegrationRequest,
) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const resource = { accountId: agent.accountId, resource: 'widgets' as const, replacing }
  await plans.requireRoomFor(resource)
  const id = randomUUID()
  const websiteLogoKey = logo ? await storeWidgetLogo(storage, id, logo) : null
  const integration = await plans
    .createWithinPlan(resource, (tx) =>
      tx.widgetIntegration.create({
        data: {
          id,
          clientKey: newClientKey(),
          accountId: agent.accountId,
          agentId,
          websiteName: input.website_name,
          websiteDomain: input.website_domain,
          websiteLogoKey,
          startMessage: input.start_message,
          position: positionEnum(input.widget_position),
          color: input.widget_color,
          botName: input.bot_name,
          autoOpenChat: input.auto_open_chat,
          collectUserEmail: input.collect_user_email,
          enableAttachments: input.enable_attachments,
          showBranding: input.show_branding,
          allowSubdomains: input.allow_subdomains,
          dailyTokenBudget: input.daily_token_budget ?? null,
          humanHandoff: input.human_handoff,
          handoffWaitMinutes: input.handoff_wait_minutes,
          handoffReplyTime: input.handoff_reply_time,
        },
      }),
    )
    .catch(async (error: unknown) => {
      if (websiteLogoKey) await storage.delete(websiteLogoKey).catch(() => {})
      throw error
    })
  return toIntegrationView(integration)
}
