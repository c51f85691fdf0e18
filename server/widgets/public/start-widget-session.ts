import { warmPassageIndex } from '../../chat/retrieval/passage-indexes.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { openSecret } from '../../secrets/seal-secret.ts'
import { verifyVisitorToken, type VisitorIdentity } from '../identity/verify-visitor-token.ts'
import { activeIntegrationFor } from './active-integration.ts'
import { openWidgetSession } from './open-widget-session.ts'
import type { WidgetSettings } from './widget-settings.ts'

export interface StartWidgetSessionOptions {
  settings: WidgetSettings
  clientKey: string
  origin: string | null
  /** The site's signed token for its signed-in user, if the page gave one. */
  visitorToken?: string | undefined
}

const NOT_VERIFYING =
  'This chat widget does not verify visitors: create its identity secret in the widget settings, or leave visitor_token out.'

/**
 * A visitor's new session with one widget, from an allowed page (the public start call). A visitor token
 * must be signed with the integration's identity secret; one that is not is refused (401
 * visitor_token_invalid), never half trusted: the widget says why in the console and starts anonymously.
 */
export async function startWidgetSession(
  database: Database,
  { settings, clientKey, origin, visitorToken }: StartWidgetSessionOptions,
) {
  const { integration, agent } = await activeIntegrationFor(database, { clientKey }, origin)
  let identity: VisitorIdentity | null = null
  if (visitorToken) {
    const secret = integration.identitySecretSealed
      ? openSecret(settings.sealingKey, integration.id, integration.identitySecretSealed)
      : undefined
    if (!secret) throw new AppError('UNAUTHORIZED', NOT_VERIFYING, { reason: 'visitor_token_invalid' })
    identity = await verifyVisitorToken(secret, visitorToken)
  }
  const session = await openWidgetSession(database, settings, {
    integration,
    agent,
    origin: origin as string,
    identity,
  })
  // The visitor is about to ask: the agent's passages are read now, so the first question finds them.
  warmPassageIndex(database, agent.id)
  return session
}
