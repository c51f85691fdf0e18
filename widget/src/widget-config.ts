/** The public configuration the server gives a widget (GET /api/widget-configurations/). */
export interface WidgetConfig {
  client_key: string
  agent_name: string
  website_name: string
  website_logo: string | null
  bot_name: string
  start_message: string
  widget_position: 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left'
  widget_color: string
  auto_open_chat: boolean
  collect_user_email: boolean
  enable_attachments: boolean
  show_branding: boolean
  /** "Talk to a person" in the header. */
  human_handoff?: boolean
}

/** What the loader hands the chat window. */
export interface ChatMountOptions {
  root: ShadowRoot
  config: WidgetConfig
  /** The server's origin, from the script's own URL. */
  base: string
  debug: boolean
  /** On a Shopify storefront: the app proxy's signed bootstrap path, which starts the session instead. */
  bootstrapUrl?: string
  /** The site's signed token for its signed-in user (data-visitor-token). */
  visitorToken?: string
  /** On a storefront: the signed-in customer as the theme renders it ('' for a guest); a saved session of anyone else is not resumed. */
  shopCustomer?: string
  close(): void
}

/** Where a widget keeps its visitor's session between page loads. */
export const storageKey = (clientKey: string) => `agentdesk:${clientKey}`

export function log(debug: boolean, ...parts: unknown[]) {
  if (debug) console.warn('[agentdesk]', ...parts)
}

/** The colour as CSS, only if it is a hex colour (the server checks too; this keeps CSS untouchable). */
export const safeColor = (value: string) => (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : '#6366f1')

const POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left']
export const safePosition = (value: string) => (POSITIONS.includes(value) ? value : 'bottom-right')

/**
 * The page's own settings (the Shopify theme editor's colour, position, bot name and start message,
 * as data-* attributes) over the server's, each only when present and valid.
 */
export function withPageSettings(config: WidgetConfig, dataset: DOMStringMap): WidgetConfig {
  const text = (value: string | undefined, max: number) =>
    value && value.trim() ? value.trim().slice(0, max) : undefined
  const color = dataset.color && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(dataset.color) ? dataset.color : undefined
  const position =
    dataset.position && POSITIONS.includes(dataset.position)
      ? (dataset.position as WidgetConfig['widget_position'])
      : undefined
  return {
    ...config,
    widget_color: color ?? config.widget_color,
    widget_position: position ?? config.widget_position,
    bot_name: text(dataset.botName, 80) ?? config.bot_name,
    start_message: text(dataset.startMessage, 500) ?? config.start_message,
  }
}
