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
}

/** What the loader hands the chat window. */
export interface ChatMountOptions {
  root: ShadowRoot
  config: WidgetConfig
  /** The server's origin, from the script's own URL. */
  base: string
  debug: boolean
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
