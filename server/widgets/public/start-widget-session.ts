import type { Database } from '../../db/database.ts'
import { activeIntegrationFor } from './active-integration.ts'
import { openWidgetSession } from './open-widget-session.ts'
import type { WidgetSettings } from './widget-settings.ts'

export interface StartWidgetSessionOptions {
  settings: WidgetSettings
  clientKey: string
  origin: string | null
}

/** A visitor's new session with one widget, from an allowed page (the public start call). */
export async function startWidgetSession(
  database: Database,
  { settings, clientKey, origin }: StartWidgetSessionOptions,
) {
  const { integration, agent } = await activeIntegrationFor(database, { clientKey }, origin)
  return openWidgetSession(database, settings, { integration, agent, origin: origin as string })
}
