// The storefront's weight with the chat widget (issue 22): Lighthouse's performance score of a local
// storefront page, with and without the app embed (the loader script tag as the theme extension writes
// it), in Debian's Chromium. The goal is a difference under 2 points. Each page is measured five times
// with Lighthouse's mobile settings and simulated throttling; the medians are reported.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startLocalServer } from '../tests/support/local-http-server.ts'
import { call, signUpAndCreateAgent } from './measure-knowledge.ts'
import { measureServerStart, stopServer } from './measure-server-start.ts'

const RUNS = 5
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** A small product page as a theme renders one: header, image, text, price, a form; no third-party script. */
function storefrontPage(widget: string): string {
  const grey =
    'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="600" height="400"%3E%3Crect width="600" height="400" fill="%23ccc"/%3E%3C/svg%3E'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Summit Tent · Alpine Outfitters</title><meta name="description" content="A four-season tent for two.">
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0}header,main{padding:16px;max-width:960px;margin:auto}img{width:100%;height:auto}button{font:inherit;padding:12px 20px}</style>
</head><body><header><a href="/">Alpine Outfitters</a></header><main><h1>Summit Tent</h1>
<img src='${grey}' width="600" height="400" alt="The Summit Tent pitched on a ridge">
<p>A four-season tent for two. Weighs 2.1 kg and pitches in five minutes.</p><p><strong>€349.00</strong></p>
<form action="/cart/add" method="post"><label>Colour <select name="id"><option>Green</option><option>Orange</option></select></label>
<button type="submit">Add to cart</button></form></main>
<script>window.Shopify={routes:{root:'/'}}</script>${widget}</body></html>`
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

async function audit(url: string, port: number) {
  const result = await lighthouse(url, { port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' })
  const lhr = result?.lhr
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`)
  const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? 0)
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    totalBlockingTimeMs: numeric('total-blocking-time'),
    largestContentfulPaintMs: numeric('largest-contentful-paint'),
    transferBytes: numeric('total-byte-weight'),
  }
}

export async function measureStorefrontWeight(env: Record<string, string>) {
  let clientKey = ''
  let base = ''
  const storefront = await startLocalServer((req, res) => {
    const withWidget = (req.url ?? '/').startsWith('/with-widget')
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(
      storefrontPage(
        withWidget
          ? `<script src="${base}/widget/v1/widget.js" data-client-key="${clientKey}" data-bootstrap-url="/apps/agentdesk/bootstrap" async></script>`
          : '',
      ),
    )
  })
  const { server } = await measureServerStart(env)
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    base = server.baseUrl
    const { token, agentId } = await signUpAndCreateAgent(server.baseUrl)
    const integration = await call(server.baseUrl, `/api/agents/${agentId}/integrations/frontend/`, token, {
      method: 'POST',
      body: { website_name: 'Storefront', website_domain: new URL(storefront.url).origin },
    })
    clientKey = String(integration.client_key)
    const runs = { without: [] as Awaited<ReturnType<typeof audit>>[], with: [] as Awaited<ReturnType<typeof audit>>[] }
    // Interleaved, so a busy moment of the machine falls on both pages alike.
    for (let run = 0; run < RUNS; run += 1) {
      runs.without.push(await audit(`${storefront.url}/`, chrome.port))
      runs.with.push(await audit(`${storefront.url}/with-widget`, chrome.port))
    }
    const summary = (list: Awaited<ReturnType<typeof audit>>[]) => ({
      score: median(list.map((item) => item.score)),
      totalBlockingTimeMs: median(list.map((item) => item.totalBlockingTimeMs)),
      largestContentfulPaintMs: Math.round(median(list.map((item) => item.largestContentfulPaintMs))),
      transferBytes: median(list.map((item) => item.transferBytes)),
    })
    const without = summary(runs.without)
    const withWidget = summary(runs.with)
    return {
      runs: RUNS,
      withoutWidget: without,
      withWidget,
      scoreDifference: without.score - withWidget.score,
      addedTransferBytes: withWidget.transferBytes - without.transferBytes,
    }
  } finally {
    chrome.kill()
    await stopServer(server)
    await storefront.close()
  }
}
