import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabaseLocation, type DatabaseLocation } from '../support/create-test-database.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { spawnServer, type SpawnedServer } from '../support/spawn-server.ts'

let server: SpawnedServer
let location: DatabaseLocation
let browser: Browser

beforeAll(async () => {
  location = await createDatabaseLocation()
  server = await spawnServer({ DATA_DIR: location.DATA_DIR })
  browser = await launchChromium()
  mkdirSync('test-results', { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  server?.child.kill('SIGTERM')
  await server?.exited
  await location?.destroy()
})

describe('the dashboard placeholder in Chromium', () => {
  it('loads under the strict content security policy and shows that the server is connected', async () => {
    const page = await browser.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    await page.goto(server.baseUrl)
    await expect.poll(() => page.getByTestId('server-status').innerText()).toMatch(/Connected$/)
    await page.screenshot({ path: 'test-results/dashboard-placeholder.png' })
    expect(await page.title()).toBe('AgentDesk')
    expect(problems).toEqual([])
  })

  it('serves the same page for a deep link, so client-side routes survive a reload', async () => {
    const page = await browser.newPage()
    const response = await page.goto(`${server.baseUrl}/app/agents/123`)
    expect(response?.status()).toBe(200)
    await expect.poll(() => page.getByTestId('server-status').innerText()).toMatch(/Connected$/)
  })
})
