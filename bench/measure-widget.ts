// The widget's figures: gzipped sizes, time from script load to a visible launcher (Chromium), and
// how many concurrent visitor chats one server holds with a fake LLM streaming, with their time to
// first token.
import { launchChromium } from '../tests/support/launch-chromium.ts'
import { startFakeLlm } from '../tests/support/fake-llm.ts'
import { startLocalServer } from '../tests/support/local-http-server.ts'
import { buildWidget } from '../scripts/build-widget.ts'
import { askAtOnce, prepareWidgetAgent, VISITOR_LIMITS } from './measure-visitors.ts'
import { measureServerStart, stopServer } from './measure-server-start.ts'

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0

async function timeToLauncher(baseUrl: string, clientKey: string, hostUrl: string, runs = 15) {
  const browser = await launchChromium()
  const times: number[] = []
  try {
    for (let run = 0; run < runs; run += 1) {
      const page = await browser.newPage()
      await page.goto(hostUrl)
      times.push(
        await page.evaluate(
          ({ src, key }) =>
            new Promise<number>((resolve) => {
              const started = performance.now()
              const script = document.createElement('script')
              script.src = src
              script.dataset.clientKey = key
              const check = () => {
                const button = document.querySelector('[data-agentdesk-widget]')?.shadowRoot?.querySelector('button')
                if (button && button.getBoundingClientRect().width > 0) resolve(performance.now() - started)
                else requestAnimationFrame(check)
              }
              document.body.append(script)
              check()
            }),
          { src: `${baseUrl}/widget/v1/widget.js`, key: clientKey },
        ),
      )
      await page.close()
    }
  } finally {
    await browser.close()
  }
  times.sort((a, b) => a - b)
  return { p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) }
}

export async function measureWidget(env: Record<string, string>) {
  const sizes = await buildWidget()
  const llm = await startFakeLlm()
  llm.state.tokenDelayMs = 100 // about 2 s per answer, like a real model
  try {
    const host = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.end('<!doctype html><html><head><title>Host</title></head><body><h1>Host page</h1></body></html>')
    })
    try {
      const { server } = await measureServerStart({ ...env, ...llm.config, ...VISITOR_LIMITS })
      try {
        const clientKey = await prepareWidgetAgent(server.baseUrl, host.url)
        const launcher = await timeToLauncher(server.baseUrl, clientKey, host.url)
        const concurrency = []
        for (const visitors of [50, 200, 500])
          concurrency.push(await askAtOnce({ baseUrls: [server.baseUrl], siteOrigin: host.url, clientKey, visitors }))
        return {
          loaderGzipBytes: sizes.loaderGzipBytes,
          chatGzipBytes: sizes.chatGzipBytes,
          cardsGzipBytes: sizes.cardsGzipBytes,
          launcherVisible: launcher,
          concurrency,
        }
      } finally {
        await stopServer(server)
      }
    } finally {
      await host.close()
    }
  } finally {
    await llm.close()
  }
}
