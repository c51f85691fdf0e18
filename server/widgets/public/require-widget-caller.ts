import type { Database } from '../../db/database.ts'
import type { Agent, WidgetIntegration, WidgetSession } from '../../db/generated/prisma/client.ts'
import { keptRowsOf, type KeptRowKind } from '../../db/caching/kept-rows.ts'
import { AppError } from '../../errors/app-error.ts'
import { activeIntegrationFor } from './active-integration.ts'
import { originRefused } from './widget-errors.ts'
import type { WidgetSettings } from './widget-settings.ts'
import { verifyWidgetToken } from './widget-tokens.ts'

export interface WidgetCaller {
  session: WidgetSession
  integration: WidgetIntegration
  agent: Agent
}

/** Visitors' widget sessions kept by this process, keyed by id, until the session changes. */
const KEPT_WIDGET_SESSIONS: KeptRowKind<WidgetSession> = {
  invalidatedBy: { widget_sessions: 'key' },
  maxEntries: 20_000,
}

const BEARER = /^Bearer ([A-Za-z0-9._-]+)$/

export interface RequireWidgetCallerOptions {
  settings: WidgetSettings
  authorization: string | undefined
  origin: string | null
}

/**
 * The visitor behind a widget call: a valid, unexpired token whose session is open, sent from the very
 * origin the session started on, which must still be the integration's site; the integration and its
 * agent active. Anything else is refused before any work is done for the call.
 */
export async function requireWidgetCaller(
  database: Database,
  { settings, authorization, origin }: RequireWidgetCallerOptions,
): Promise<WidgetCaller> {
  const token = BEARER.exec(authorization ?? '')?.[1]
  if (!token) throw new AppError('UNAUTHORIZED', 'A chat session token is required.', { reason: 'token_missing' })
  const claims = await verifyWidgetToken(settings.tokenKey, token)
  if (origin !== claims.origin) throw originRefused()
  const readSession = () => database.prisma.widgetSession.findUnique({ where: { id: claims.sessionId } })
  const kept = keptRowsOf(database, KEPT_WIDGET_SESSIONS)
  const session = kept ? await kept.read(claims.sessionId, readSession) : await readSession()
  if (
    !session ||
    session.revokedAt ||
    session.expiresAt <= new Date() ||
    session.widgetIntegrationId !== claims.integrationId ||
    session.visitorId !== claims.visitorId
  ) {
    throw new AppError('UNAUTHORIZED', 'This chat session has ended. Start a new one.', { reason: 'session_ended' })
  }
  const { integration, agent } = await activeIntegrationFor(database, { id: session.widgetIntegrationId }, origin)
  return { session, integration, agent }
}
