import type { Page } from 'playwright-core'
import { afterEach } from 'vitest'
import type { SpawnedServer } from './spawn-server.ts'

export interface BrowserFailureReportOptions {
  page(): Page | undefined
  server(): SpawnedServer | undefined
  /** Page errors and console errors the suite collected. */
  problems?: string[]
  serverLines?: number
}

/**
 * After a failed browser test, prints where the page was, what it showed, what the browser complained
 * about and the server's last log lines: CI keeps only what the run prints, so a failure must explain itself.
 */
export function reportBrowserFailures(options: BrowserFailureReportOptions): void {
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return
    const page = options.page()
    const lines = [`--- browser state after "${context.task.name}" failed`]
    if (page && !page.isClosed()) {
      lines.push(`url: ${page.url()}`)
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch((error: unknown) => `(no text: ${String(error)})`)
      lines.push(`page text: ${text.replace(/\s+/g, ' ').slice(0, 1_500)}`)
      const token = await page.evaluate(() => localStorage.getItem('access_token')).catch(() => 'unknown')
      lines.push(`access token: ${token === null ? 'none' : token.startsWith('demo') ? token : 'stored'}`)
    }
    if (options.problems?.length) lines.push(`browser errors: ${options.problems.slice(-10).join(' | ')}`)
    const output = (options.server()?.output ?? []).filter((line) => !line.includes('"url":"/assets/'))
    lines.push(
      'server log (last lines):',
      ...output.slice(-(options.serverLines ?? 25)).map((line) => line.slice(0, 400)),
    )
    console.error(lines.join('\n'))
  })
}
