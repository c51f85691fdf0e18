import type { Config } from '../../config/config.schemas.ts'
import { linkBaseOf } from '../../mail/email-link-url.ts'
import { extractionLimitsOf, type ExtractionLimits } from '../../knowledge/documents/extract/extraction-limits.ts'

/** What the public widget API needs besides the database. */
export interface WidgetSettings {
  tokenKey: Buffer
  tokenTtlSeconds: number
  sessionDays: number
  /** Tokens (prompt and completion) one integration may spend in a UTC day, unless it sets its own. */
  dailyTokenBudget: number
  /** How a visitor's attached document is read (in a worker thread, within these limits). */
  extractionLimits: ExtractionLimits
  /** Where links in the e-mails a visitor's actions send point (a new lead's alert): linkBaseOf. */
  linkBase: string
  /** Opens integrations' identity secrets (ServerSecrets.sealingKey). */
  sealingKey: Buffer
}

export function widgetSettingsOf(
  config: Config,
  { tokenKey, sealingKey }: { tokenKey: Buffer; sealingKey: Buffer },
): WidgetSettings {
  return {
    tokenKey,
    sealingKey,
    tokenTtlSeconds: config.WIDGET_TOKEN_TTL_SECONDS,
    sessionDays: config.WIDGET_SESSION_DAYS,
    dailyTokenBudget: config.WIDGET_DAILY_TOKEN_BUDGET,
    extractionLimits: extractionLimitsOf(config),
    linkBase: linkBaseOf(config),
  }
}
