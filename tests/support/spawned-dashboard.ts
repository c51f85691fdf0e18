// The real server as `npm start` runs it, spawned on a database of its own, with Chromium beside it: the
// set-up of the dashboard's browser tests that drive a spawned server. Touch it to change what they start.
import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { createDatabaseLocation } from './create-test-database.ts'
import { launchChromium } from './launch-chromium.ts'
import { spawnServer, type SpawnedServer } from './spawn-server.ts'

export interface SpawnedDashboard {
  server: SpawnedServer
  browser: Browser
  /** Closes the browser, stops the server and removes its database. */
  close(): Promise<void>
}

/**
 * Starts the server (with `settings` added to its environment) and Chromium, and makes the folder the
 * screenshots go to; what started is stopped if a step fails.
 */
export async function startSpawnedDashboard(settings: Record<string, string> = {}): Promise<SpawnedDashboard> {
  const stops: (() => Promise<unknown>)[] = []
  const close = async () => {
    for (const stop of stops.splice(0).reverse()) await stop()
  }
  try {
    const location = await createDatabaseLocation()
    stops.push(() => location.destroy())
    const server = await spawnServer({ DATA_DIR: location.DATA_DIR, ...settings })
    stops.push(() => {
      server.child.kill('SIGTERM')
      return server.exited
    })
    const browser = await launchChromium()
    stops.push(() => browser.close())
    mkdirSync('test-results/screens', { recursive: true })
    return { server, browser, close }
  } catch (error) {
    await close()
    throw error
  }
}
