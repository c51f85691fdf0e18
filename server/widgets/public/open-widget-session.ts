import { randomBytes } from 'node:crypto'
import type { Database } from '../../db/database.ts'
import type { Agent, WidgetIntegration } from '../../db/generated/prisma/client.ts'
import { identifiedVisitorId, type VisitorIdentity } from '../identity/verify-visitor-token.ts'
import { publicConfigurationOf } from './public-configuration.ts'
import type { WidgetSettings } from './widget-settings.ts'
import { newRefreshToken, signWidgetToken } from './widget-tokens.ts'

export interface OpenWidgetSessionOptions {
  integration: WidgetIntegration
  agent: Agent
  /** The page's origin, already checked against the integration's site. */
  origin: string
  /** A storefront customer Shopify vouched for (the app proxy), kept so their chats can be found. */
  /** The shop whose storefront opened it (the app proxy's signed bootstrap). */
  shopId?: string | null
  shopifyCustomerId?: string | null
  /** A site user the site vouched for (a signed visitor token): the same visitor on every device. */
  identity?: VisitorIdentity | null
}

/**
 * A new visitor session with a checked integration: a short-lived token bound to the integration, the
 * page's origin and a new random visitor (or, for a site user the site vouched for, that user's own
 * visitor id, so their chats follow them to any device), and a refresh token to renew it. Both the public start call
 * and the Shopify app proxy open sessions here.
 */
export async function openWidgetSession(
  database: Database,
  settings: WidgetSettings,
  { integration, agent, origin, shopifyCustomerId = null, shopId = null, identity = null }: OpenWidgetSessionOptions,
) {
  const visitorId = identity
    ? identifiedVisitorId(integration.id, identity.externalId)
    : `v_${randomBytes(16).toString('base64url')}`
  const refresh = newRefreshToken()
  const session = await database.prisma.widgetSession.create({
    data: {
      accountId: integration.accountId,
      widgetIntegrationId: integration.id,
      visitorId,
      origin,
      refreshTokenHash: refresh.hash,
      shopifyCustomerId,
      shopId,
      visitorExternalId: identity?.externalId ?? null,
      visitorEmail: identity?.email ?? null,
      visitorName: identity?.name ?? null,
      // A session a visitor token opened lasts no longer than the token: the page's next token opens the next.
      expiresAt: new Date(
        Math.min(Date.now() + settings.sessionDays * 86_400_000, identity?.expiresAt.getTime() ?? Infinity),
      ),
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
    // The identity the widget carries on with (its name to greet, nothing the page did not give).
    visitor: identity ? { name: identity.name, email: identity.email } : null,
    configuration: publicConfigurationOf(integration, agent),
  }
}
