import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabaseLocation, type DatabaseLocation } from '../support/create-test-database.ts'
import { startFakeLlm } from '../support/fake-llm.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startLocalServer, type LocalServer } from '../support/local-http-server.ts'
import { spawnServer, type SpawnedServer } from '../support/spawn-server.ts'

// The widget on a customer's page: the page is served from a second origin (another port), and a
// third one (localhost instead of 127.0.0.1) plays a site the integration does not allow.
let server: SpawnedServer
let location: DatabaseLocation
// A second server whose plans are enforced, for an owner whose plan has ended.
let enforcedServer: SpawnedServer | undefined
let enforcedLocation: DatabaseLocation | undefined
let browser: Browser
let llm: Awaited<ReturnType<typeof startFakeLlm>>
let host: LocalServer
let knowledgeSite: LocalServer
let hostPort: string
const keys: Record<string, string> = {}

const SHOPIFY_ASSET = fileURLToPath(new URL('../../extensions/chat-widget/assets/agentdesk-widget.js', import.meta.url))
const HOSTILE_CSS =
  '* { color: rgb(255, 0, 0) !important; font-size: 40px !important; } button { display: none !important; } .launcher, .window { position: static !important; }'

function hostPage(key: string, lang: string, fromShopifyAsset: boolean, serverUrl = server.baseUrl) {
  const script = fromShopifyAsset
    ? `<script src="/agentdesk-widget.js" data-client-key="${key}" data-server="${serverUrl}" async></script>`
    : `<script src="${serverUrl}/widget/v1/widget.js" data-client-key="${key}" async></script>`
  return `<!doctype html><html lang="${lang}"><head><title>Customer shop</title><style>${HOSTILE_CSS}</style></head>
<body><h1 id="title">Welcome to the shop</h1><div class="launcher" id="look-alike">not the widget</div>
${script}
<script>window.hostScriptRan = true</script></body></html>`
}

async function api(path: string, token: string, body?: unknown, baseUrl = server.baseUrl) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 30_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

beforeAll(async () => {
  llm = await startFakeLlm()
  knowledgeSite = await startLocalServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end(
      '<!doctype html><html><head><title>Returns policy</title></head><body><article><h1>Returns policy</h1><p>You can return any product within 30 days of delivery for a full refund, no questions asked.</p></article></body></html>',
    )
  })
  location = await createDatabaseLocation()
  server = await spawnServer({
    DATA_DIR: location.DATA_DIR,
    ...llm.config,
    CRAWLER_ALLOWED_NETWORKS: '127.0.0.1/32',
    CRAWL_DELAY_MS: '0',
  })
  host = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host')
    if (url.pathname === '/agentdesk-widget.js') {
      // As Shopify's CDN would serve the theme extension's asset.
      res.writeHead(200, { 'Content-Type': 'text/javascript' })
      return res.end(readFileSync(SHOPIFY_ASSET))
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    const otherServer = url.searchParams.get('server') === 'enforced' ? enforcedServer?.baseUrl : undefined
    res.end(
      hostPage(
        url.searchParams.get('key') ?? '',
        (url.searchParams.get('lang') ?? 'en').replace(/[^a-z-]/gi, ''),
        url.searchParams.has('shopify'),
        otherServer,
      ),
    )
  })
  hostPort = new URL(host.url).port
  const registered = await fetch(`${server.baseUrl}/api/accounts/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'owner@shop.example', password: 'Widget-Test-9', full_name: 'Owner' }),
  })
  const token = ((await registered.json()) as { tokens: { access: string } }).tokens.access
  const agent = await api('/agents/create/', token, { name: 'Shop helper' })
  const agentId = String(agent.agent_id)
  await api(`/agents/${agentId}/websites/create/`, token, {
    website_url: `${knowledgeSite.url}/returns`,
    website_name: 'Returns',
  })
  // A new agent trains automatically: the page is embedded once crawled.
  await until(async () => ((await api(`/agents/${agentId}/embeddings/`, token)).embeddings as unknown[]).length === 1)
  for (const position of ['bottom-right', 'bottom-left', 'top-right', 'top-left']) {
    const integration = await api(`/agents/${agentId}/integrations/frontend/`, token, {
      website_name: 'Shop',
      website_domain: `http://127.0.0.1:${hostPort}`,
      widget_position: position,
      bot_name: 'Sam',
    })
    keys[position] = String(integration.client_key)
  }
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  server?.child.kill('SIGTERM')
  await server?.exited
  await location?.destroy()
  enforcedServer?.child.kill('SIGTERM')
  await enforcedServer?.exited
  await enforcedLocation?.destroy()
  await host?.close()
  await knowledgeSite?.close()
  await llm?.close()
})

async function openShop(
  key: string,
  {
    origin = host.url,
    viewport = { width: 1280, height: 800 },
    lang = 'en',
    shopify = false,
    enforced = false,
    locale = 'en-US',
  } = {},
) {
  const context = await browser.newContext({ viewport, locale })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto(
    `${origin}/?key=${encodeURIComponent(key)}&lang=${lang}${shopify ? '&shopify' : ''}${enforced ? '&server=enforced' : ''}`,
  )
  return { page, context, problems }
}

const launcher = (page: Page) => page.locator('[data-agentdesk-widget] >> css=button.launcher')

/** Opens the chat window from the launcher; its message box, once shown. */
async function openChat(page: Page) {
  await launcher(page).click()
  const input = page.locator('[data-agentdesk-widget] >> css=textarea')
  await input.waitFor({ state: 'visible' })
  return input
}

describe('the chat widget on a customer’s page', () => {
  it.each([
    ['bottom-right', (box: DOMRectLike) => box.x > 1100 && box.y > 650],
    ['bottom-left', (box: DOMRectLike) => box.x < 100 && box.y > 650],
    ['top-right', (box: DOMRectLike) => box.x > 1100 && box.y < 100],
    ['top-left', (box: DOMRectLike) => box.x < 100 && box.y < 100],
  ])('draws the launcher in the %s corner, untouched by the page’s CSS', async (position, inCorner) => {
    const { page, context, problems } = await openShop(keys[position] ?? '')
    await launcher(page).waitFor({ state: 'visible' })
    const box = await launcher(page).boundingBox()
    expect(box && inCorner(box)).toBe(true)
    expect(await launcher(page).evaluate((element) => getComputedStyle(element).zIndex)).toBe('999999')
    // The widget's styles stay in its shadow root: the page's look-alike element is not moved.
    expect(await page.locator('#look-alike').evaluate((element) => getComputedStyle(element).position)).toBe('static')
    expect(problems).toEqual([])
    await context.close()
  })

  it('answers a question with cited sources as links, and keeps the conversation through a reload', async () => {
    const { page, context, problems } = await openShop(keys['bottom-right'] ?? '')
    const input = await openChat(page)
    expect(await page.locator('[data-agentdesk-widget] >> css=.msg.ai').first().innerText()).toBe(
      'Hello! How can I help you today?',
    )
    await input.fill('How long do I have to return a product?')
    await input.press('Enter')
    const answer = page.locator('[data-agentdesk-widget] >> css=.msg.ai').nth(1)
    await expect.poll(() => answer.innerText(), { timeout: 15_000 }).toContain('returns are accepted within 30 days')
    const citation = answer.locator('a.cite')
    expect(await citation.getAttribute('href')).toBe(`${knowledgeSite.url}/returns`)
    expect(await citation.getAttribute('rel')).toContain('noopener')
    // The page's red, 40 px text does not reach into the widget.
    expect(await answer.evaluate((element) => getComputedStyle(element).color)).not.toBe('rgb(255, 0, 0)')
    expect(await answer.evaluate((element) => getComputedStyle(element).fontSize)).toBe('14px')
    await page.reload()
    const texts = page.locator('[data-agentdesk-widget] >> css=.msg')
    await expect
      .poll(async () => (await texts.allInnerTexts()).join('\n'), { timeout: 15_000 })
      .toContain('How long do I have to return a product?')
    expect(problems).toEqual([])
    await context.close()
  })

  it('shows an answer’s list, bold and links as such, and its markup as text', async () => {
    const reply = llm.state.reply
    llm.state.reply = () =>
      '**Returns** are easy:\n- Within 30 days [1]\n- Free [label](https://example.com/free)\n<img src=x onerror="window.hacked=1">'
    try {
      const { page, context, problems } = await openShop(keys['bottom-left'] ?? '')
      const input = await openChat(page)
      await input.fill('How do returns work?')
      await input.press('Enter')
      const answer = page.locator('[data-agentdesk-widget] >> css=.msg.ai').nth(1)
      await answer.locator('li').nth(1).waitFor({ timeout: 15_000 })
      expect(await answer.locator('ul > li').allInnerTexts()).toEqual(['Within 30 days [1]', 'Free label'])
      expect(await answer.locator('strong').innerText()).toBe('Returns')
      expect(await answer.locator('li a', { hasText: 'label' }).getAttribute('href')).toBe('https://example.com/free')
      expect(await answer.locator('img').count()).toBe(0)
      expect(await answer.innerText()).toContain('<img src=x onerror="window.hacked=1">')
      expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined()
      expect(problems).toEqual([])
      await context.close()
    } finally {
      llm.state.reply = reply
    }
  })

  it('shows the answer word by word as it streams, with a typing indicator first', async () => {
    llm.state.tokenDelayMs = 80
    try {
      const { page, context } = await openShop(keys['top-left'] ?? '')
      const input = await openChat(page)
      await input.fill('How long do I have to return a product?')
      // The indicator lives only until the first word arrives, which on a loaded machine can be sooner than
      // a locator looks again: an observer in the widget's shadow root notes it the moment it is drawn.
      await page.evaluate(() => {
        const root = document.querySelector('[data-agentdesk-widget]')?.shadowRoot
        const seen = window as unknown as { sawTyping?: boolean }
        seen.sawTyping = false
        if (!root) return
        new MutationObserver(() => {
          if (root.querySelector('.typing')) seen.sawTyping = true
        }).observe(root, { childList: true, subtree: true })
      })
      await input.press('Enter')
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { sawTyping?: boolean }).sawTyping), { timeout: 15_000 })
        .toBe(true)
      const answer = page.locator('[data-agentdesk-widget] >> css=.msg.ai').nth(1)
      const full = 'According to the sources, returns are accepted within 30 days [1]. Shipping is free [2].'
      // Part of the answer is on screen while the rest is still being written.
      await expect
        .poll(async () => {
          const shown = (await answer.count()) > 0 ? await answer.innerText() : ''
          return shown.length > 0 && shown.length < full.length
        })
        .toBe(true)
      await expect.poll(() => answer.innerText(), { timeout: 15_000 }).toBe(full)
      await context.close()
    } finally {
      llm.state.tokenDelayMs = 0
    }
  })

  it('sends a file with a question, and the model reads it', async () => {
    const { page, context, problems } = await openShop(keys['top-right'] ?? '')
    const input = await openChat(page)
    // The paper clip is drawn, not an emoji that shows as a box without an emoji font.
    const attach = page.getByRole('button', { name: 'Attach a file' })
    expect([await attach.locator('svg').count(), (await attach.innerText()).trim()]).toEqual([1, ''])
    await page
      .locator('[data-agentdesk-widget] >> css=input[type=file]')
      .setInputFiles({ name: 'order.txt', mimeType: 'text/plain', buffer: Buffer.from('Order 77: a brass lamp') })
    expect(await page.locator('[data-agentdesk-widget] >> css=.chip').innerText()).toContain('order.txt')
    await input.fill('Can I return this?')
    await input.press('Enter')
    await expect.poll(() => page.locator('[data-agentdesk-widget] >> css=.msg.ai').count(), { timeout: 15_000 }).toBe(2)
    expect(await page.locator('[data-agentdesk-widget] >> css=.msg.user').last().innerText()).toContain(
      'Attached: order.txt',
    )
    expect(llm.requests.at(-1)?.messages.at(-1)?.content).toContain('Order 77: a brass lamp')
    expect(problems).toEqual([])
    await context.close()
  })

  it('stays away from a site the integration does not allow, without breaking it', async () => {
    const { page, context, problems } = await openShop(keys['bottom-right'] ?? '', {
      origin: `http://localhost:${hostPort}`,
    })
    await page.waitForLoadState('networkidle')
    expect(await page.locator('[data-agentdesk-widget]').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { hostScriptRan?: boolean }).hostScriptRan)).toBe(true)
    expect(await page.locator('#title').innerText()).toBe('Welcome to the shop')
    expect(problems).toEqual([])
    await context.close()
  })

  it('works from the Shopify theme extension’s asset, served by another host, with data-server', async () => {
    const { page, context, problems } = await openShop(keys['bottom-right'] ?? '', { shopify: true })
    await launcher(page).click()
    await page.locator('[data-agentdesk-widget] >> css=textarea').waitFor({ state: 'visible' })
    expect(problems).toEqual([])
    await context.close()
  })

  it('lays the window out right to left on an Arabic page', async () => {
    const { page, context } = await openShop(keys['top-left'] ?? '', { lang: 'ar' })
    await launcher(page).click()
    const panel = page.locator('[data-agentdesk-widget] >> css=.window')
    await panel.waitFor({ state: 'visible' })
    expect(await panel.getAttribute('dir')).toBe('rtl')
    await context.close()
  })

  it('serves its files to any origin, the loader briefly cached and the chat window for good', async () => {
    const loader = await fetch(`${server.baseUrl}/widget/v1/widget.js`, { headers: { Origin: 'https://any.example' } })
    expect(loader.headers.get('access-control-allow-origin')).toBe('*')
    expect(loader.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(loader.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate')
    const chatFile = /chat\.[0-9a-f]{10}\.js/.exec(await loader.text())?.[0]
    const chat = await fetch(`${server.baseUrl}/widget/v1/${chatFile}`)
    expect(chat.status).toBe(200)
    expect(chat.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await fetch(`${server.baseUrl}/widget/v1/nothing.js`)).status).toBe(404)
  })

  it('fills the screen on a phone', async () => {
    const { page, context } = await openShop(keys['bottom-left'] ?? '', { viewport: { width: 375, height: 700 } })
    await launcher(page).click()
    const panel = page.locator('[data-agentdesk-widget] >> css=.window')
    await panel.waitFor({ state: 'visible' })
    expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 700 })
    expect(await panel.getAttribute('role')).toBe('dialog')
    // The open window takes the launcher's place: it is gone, not drawn beneath the window.
    expect(await launcher(page).isVisible()).toBe(false)
    await page.keyboard.press('Escape')
    await launcher(page).waitFor({ state: 'visible' })
    await context.close()
  })
})

interface DOMRectLike {
  x: number
  y: number
}

describe('when the site owner’s plan has ended', () => {
  it('the widget says politely, in the bot’s voice and the visitor’s language, that it cannot answer now', async () => {
    enforcedLocation = await createDatabaseLocation()
    enforcedServer = await spawnServer({ DATA_DIR: enforcedLocation.DATA_DIR, ...llm.config, BILLING_MODE: 'enforced' })
    const baseUrl = enforcedServer.baseUrl
    const registered = await fetch(`${baseUrl}/api/accounts/register/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'lapsed@shop.example', password: 'Widget-Test-9', full_name: 'Owner' }),
    })
    const token = ((await registered.json()) as { tokens: { access: string } }).tokens.access
    const agentId = String((await api('/agents/create/', token, { name: 'Shop helper' }, baseUrl)).agent_id)
    const key = String(
      (
        await api(
          `/agents/${agentId}/integrations/frontend/`,
          token,
          { website_name: 'Shop', website_domain: `http://127.0.0.1:${hostPort}`, bot_name: 'Sam' },
          baseUrl,
        )
      ).client_key,
    )
    const { subscription_id } = await api('/plans/get-user-subscription/', token, undefined, baseUrl)
    await api('/plans/cancel-user-subscription/', token, { subscription_id, immediate: true }, baseUrl)
    const calls = llm.requests.length

    const { page, context, problems } = await openShop(key, { enforced: true, locale: 'es-ES' })
    const input = await openChat(page)
    await input.fill('¿Puedo devolver un producto?')
    await input.press('Enter')
    const reply = page.locator('[data-agentdesk-widget] >> css=.msg.ai').nth(1)
    await expect
      .poll(() => reply.count().then((count) => (count > 0 ? reply.innerText() : '')), { timeout: 15_000 })
      .toBe('Este asistente no puede responder en este momento. Inténtalo de nuevo más tarde.')
    expect(await page.locator('[data-agentdesk-widget] >> css=.error').count()).toBe(0)
    // The visitor's words are kept in the box to send again later; the model was never asked.
    expect(await input.inputValue()).toBe('¿Puedo devolver un producto?')
    expect(llm.requests.length).toBe(calls)
    expect(problems).toEqual([])
    await context.close()
  }, 60_000)
})
