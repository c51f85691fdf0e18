import { randomBytes } from 'node:crypto'
import type { Database } from '../../db/database.ts'
import type { Agent, WidgetIntegration } from '../../db/generated/prisma/client.ts'
import { publicConfigurationOf } from './public-configuration.ts'
import type { WidgetSettings } from './widget-settings.ts'
import { newRefreshToken, signWidgetToken } from './widget-tokens.ts'

export interface OpenWidgetSessionOptions {
  integration: WidgetIntegration
  agent: Agent
  /** The page's origin, already checked against the integration's site. */
  origin: string
  /** A storefront customer Shopify vouched for (the app proxy), kept so their chats can be found. */
  shopifyCustomerId?: string | null
}

/**
 * A new visitor session with a checked integration: a short-lived token bound to the integration, the
 * page's origin and a new random visitor, and a refresh token to renew it. Both the public start call
 * and the Shopify app proxy open sessions here.
 */
export async function openWidgetSession(
  database: Database,
  settings: WidgetSettings,
  { integration, agent, origin, shopifyCustomerId = null }: OpenWidgetSessionOptions,
) {
  const visitorId = `v_${randomBytes(16).toString('base64url')}`
  const refresh = newRefreshToken()
  const session = await database.prisma.widgetSession.create({
    data: {
      accountId: integration.accountId,
      widgetIntegrationId: integration.id,
      visitorId,
      origin,
      refreshTokenHash: refresh.hash,
      shopifyCustomerId,
      expiresAt: new Date(Date.now() + settings.sessionDays * 86_400_000),
    },
  })
  const token = await signWidgetToken(
    settings.tokenKey,
    { sessionId: session.id, integrationId: integration.id, visitorId, origin },
    settings.tokenTtlSeconds,
  )
  return {
    token,
    refresh_token: refresh.token,
    expires_in: settings.tokenTtlSeconds,
    visitor_id: visitorId,
    configuration: publicConfigurationOf(integration, agent),
  }
}
