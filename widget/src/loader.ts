// The widget's loader: <script src="https://HOST/widget/v1/widget.js" data-client-key="..." async>
// (data-server="https://HOST" when the file is served from elsewhere, data-debug="true" to log).
// It fetches the public configuration, draws the launcher in a shadow root, and loads the chat
// window (a separate, cached file) on first open. Any failure stays inside: the host page never breaks.
import { loaderStyles } from './loader-styles.ts'
import { log, safeColor, safePosition, storageKey, withPageSettings, type WidgetConfig } from './widget-config.ts'

declare const __CHAT_FILE__: string

const script = document.currentScript as HTMLScriptElement | null

const CHAT_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>'

async function start(): Promise<void> {
  if (!script) return
  const clientKey = script.dataset.clientKey ?? ''
  const debug = script.dataset.debug === 'true'
  // The Shopify theme extension serves this file from Shopify's CDN: data-server names the API then.
  const base = new URL(script.dataset.server ?? script.src).origin
  if (!clientKey) return log(true, 'data-client-key is missing on the widget script tag')
  const response = await fetch(`${base}/api/widget-configurations/?client_key=${encodeURIComponent(clientKey)}`, {
    credentials: 'omit',
  })
  if (!response.ok)
    return log(
      true,
      'this page may not use the chat widget:',
      response.status,
      (await response.json().catch(() => ({}))).message ?? '',
    )
  const config = withPageSettings((await response.json()) as WidgetConfig, script.dataset)
  // Only a path on this page's own site: the storefront's app proxy.
  const bootstrapUrl =
    script.dataset.bootstrapUrl?.startsWith('/') && !script.dataset.bootstrapUrl.startsWith('//')
      ? script.dataset.bootstrapUrl
      : undefined
  const host = document.createElement('div')
  host.setAttribute('data-agentdesk-widget', clientKey)
  const root = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = loaderStyles(safeColor(config.widget_color))
  const launcher = document.createElement('button')
  launcher.type = 'button'
  launcher.className = `launcher ${safePosition(config.widget_position)}`
  launcher.setAttribute('aria-label', `Chat with ${config.bot_name}`)
  launcher.setAttribute('aria-expanded', 'false')
  launcher.setAttribute('part', 'launcher')
  launcher.innerHTML = CHAT_ICON
  root.append(style, launcher)
  document.body.appendChild(host)

  let opened: Promise<void> | null = null
  const rememberOpen = (open: boolean) => {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey(clientKey)) ?? '{}') as Record<string, unknown>
      localStorage.setItem(storageKey(clientKey), JSON.stringify({ ...saved, open }))
    } catch {
      // storage may be blocked: the widget still works for this page
    }
  }
  const open = () => {
    launcher.hidden = true
    launcher.setAttribute('aria-expanded', 'true')
    rememberOpen(true)
    opened ??= import(/* @vite-ignore */ `${base}/widget/v1/${__CHAT_FILE__}`).then(
      (chat: { mountChat(options: object): void }) =>
        chat.mountChat({
          root,
          config,
          base,
          debug,
          bootstrapUrl,
          visitorToken: script.dataset.visitorToken,
          shopCustomer: script.dataset.customer,
          close: () => {
            launcher.hidden = false
            launcher.setAttribute('aria-expanded', 'false')
            rememberOpen(false)
            opened = null
            launcher.focus()
          },
        }),
    )
    opened.catch((error: unknown) => {
      log(true, 'the chat window could not load', error)
      launcher.hidden = false
      opened = null
    })
  }
  launcher.addEventListener('click', open)
  // Open as the visitor left it; auto-open only until they have closed it once.
  let saved: boolean | undefined
  try {
    saved = (JSON.parse(localStorage.getItem(storageKey(clientKey)) ?? '{}') as { open?: boolean }).open
  } catch {
    saved = undefined
  }
  if (saved === true || (saved === undefined && config.auto_open_chat)) open()
}

const run = () => void start().catch((error: unknown) => log(true, 'the widget could not start', error))
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true })
else run()
