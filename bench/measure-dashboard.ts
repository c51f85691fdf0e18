// The dashboard's figures: the gzipped size of what the first load fetches (entry script, its
// preloaded chunks and CSS) and of the largest page chunks, and load timings in Chromium for the
// landing page, /auth and the signed-in Dashboard: first contentful paint, time until the page's main
// content shows, and the cumulative layout shift.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { launchChromium } from '../tests/support/launch-chromium.ts'
import { measureServerStart, stopServer } from './measure-server-start.ts'

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0
const gzipKb = (path: string) => gzipSync(readFileSync(path)).length / 1024

/** The files index.html makes the browser fetch at once: the entry script, module preloads and styles. */
function initialAssets(buildDir: string): string[] {
  const html = readFileSync(join(buildDir, 'index.html'), 'utf8')
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) =>
    join(buildDir, match[1] as string),
  )
}

function measureBundle(buildDir: string) {
  const initial = initialAssets(buildDir)
  const scripts = initial.filter((path) => path.endsWith('.js'))
  const styles = initial.filter((path) => path.endsWith('.css'))
  const chunks = readdirSync(join(buildDir, 'assets'))
    .filter((name) => name.endsWith('.js') && !initial.some((path) => path.endsWith(name)))
    .map((name) => ({ name, gzipKb: gzipKb(join(buildDir, 'assets', name)) }))
    .sort((a, b) => b.gzipKb - a.gzipKb)
  return {
    initialJsGzipKb: scripts.reduce((sum, path) => sum + gzipKb(path), 0),
    initialCssGzipKb: styles.reduce((sum, path) => sum + gzipKb(path), 0),
    lazyChunks: chunks.length,
    largestLazyChunks: chunks.slice(0, 5).map((chunk) => `${chunk.name} ${chunk.gzipKb.toFixed(1)} KB`),
  }
}

async function timePage(
  baseUrl: string,
  path: string,
  ready: string,
  token: { access: string; refresh: string } | null,
  runs = 10,
) {
  const browser = await launchChromium()
  const paints: number[] = []
  const readies: number[] = []
  const shifts: number[] = []
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      if (token)
        await context.addInitScript(
          (tokens) => (
            localStorage.setItem('access_token', tokens.access),
            localStorage.setItem('refresh_token', tokens.refresh)
          ),
          token,
        )
      await context.addInitScript(() => {
        ;(window as unknown as { layoutShift: number }).layoutShift = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) (window as unknown as { layoutShift: number }).layoutShift += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
      })
      const page = await context.newPage()
      await page.goto(`${baseUrl}${path}`)
      await page.getByText(ready, { exact: false }).first().waitFor()
      const readyMs = await page.evaluate(() => performance.now())
      await page.waitForTimeout(500)
      const figures = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        shift: (window as unknown as { layoutShift: number }).layoutShift,
      }))
      paints.push(figures.paint)
      readies.push(readyMs)
      shifts.push(figures.shift)
      await context.close()
    }
  } finally {
    await browser.close()
  }
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
  return {
    page: path,
    firstPaintP50Ms: Math.round(percentile(sorted(paints), 0.5)),
    readyP50Ms: Math.round(percentile(sorted(readies), 0.5)),
    readyP90Ms: Math.round(percentile(sorted(readies), 0.9)),
    layoutShiftMax: Number(Math.max(...shifts).toFixed(3)),
  }
}

export async function measureDashboard(env: Record<string, string>) {
  const buildDir = join(env.DATA_DIR as string, 'dashboard-build')
  await build({
    configFile: fileURLToPath(new URL('../dashboard/vite.config.ts', import.meta.url)),
    logLevel: 'warn',
    build: { outDir: buildDir, emptyOutDir: true },
  })
  const bundle = measureBundle(buildDir)
  const { server } = await measureServerStart({ ...env, DASHBOARD_DIR: buildDir })
  try {
    const registration = await fetch(`${server.baseUrl}/api/accounts/register/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: `dash-${Date.now()}@example.com`,
        password: 'Bench-Password-1',
        full_name: 'Bench',
      }),
    })
    const tokens = ((await registration.json()) as { tokens: { access: string; refresh: string } }).tokens
    const timings = [
      await timePage(server.baseUrl, '/', 'Get Started', null),
      await timePage(server.baseUrl, '/auth', 'Sign in to manage your AI agents', null),
      await timePage(server.baseUrl, '/app/dashboard', 'Total Agents', tokens),
    ]
    return { bundle, timings }
  } finally {
    await stopServer(server)
  }
}
