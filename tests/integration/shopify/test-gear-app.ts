// The embedded app for the "Test Gear" shop that the app-embedded-*.test.ts files share: the testbed for
// its store, and the admin's first opening, which installs the app (the shop's account is made then).
import type { Writable } from 'node:stream'
import { BROWSER, startEmbeddedAppTestbed, type EmbeddedAppTestbed } from './embedded-app-testbed.ts'

export const STORE = 'agentdesk-test'
export const SHOP = `${STORE}.myshopify.com`

/** A fresh testbed for the store, not yet installed; logSink receives the server's debug log. */
export function startTestGearApp(logSink?: Writable) {
  return startEmbeddedAppTestbed({
    store: STORE,
    profile: { name: 'Test Gear', email: 'owner@test-gear.example', primaryDomain: 'https://test-gear.example' },
    logSink,
  })
}

/** Opens the app as the admin does the first time: the session token is exchanged and the shop's account made. */
export async function installTestGear(bed: EmbeddedAppTestbed) {
  const opened = await bed
    .request()
    .get(`/shopify/app?${bed.adminQuery(await bed.sessionToken())}`)
    .set('User-Agent', BROWSER)
  if (opened.status !== 200) throw new Error(`installing the app answered ${opened.status}`)
}
