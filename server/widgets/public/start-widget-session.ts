import { randomBytes } from 'node:crypto'
import type { Database } from '../../db/database.ts'
import { activeIntegrationFor } from './active-integration.ts'
import { publicConfigurationOf } from './public-configuration.ts'
import type { WidgetSettings } from './widget-settings.ts'
import { newRefreshToken, signWidgetToken } from './widget-tokens.ts'

/**
 * A visitor's new session with one widget, from an allowed page: a short-lived token bound to the
 * integration, the page's origin and a new random visitor, and a refresh token to renew it.
 */
export async function startWidgetSession(database: Database, settings: WidgetSettings, clientKey: string, origin: string | null) {
  const { integration, agent } = await activeIntegrationFor(database, { clientKey }, origin)
  const visitorId = `v_${randomBytes(16).toString('base64url')}`
  const refresh = newRefreshToken()
  const session = await database.prisma.widgetSession.create({
    data: {
      accountId: integration.accountId,
      widgetIntegrationId: integration.id,
      visitorId,
      origin: origin as string,
      refreshTokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + settings.sessionDays * 86_400_000),
    },
  })
  const token = await signWidgetToken(settings.tokenKey, { sessionId: session.id, integrationId: integration.id, visitorId, origin: session.origin }, settings.tokenTtlSeconds)
  return {
    token,
    refresh_token: refresh.token,
    expires_in: settings.tokenTtlSeconds,
    visitor_id: visitorId,
    configuration: publicConfigurationOf(integration, agent),
  }
}
