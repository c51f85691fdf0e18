// The dashboard in Chromium, for browser tests: contexts signed in before the first page loads, at desktop
// or phone width; the toasts; whether a page fits a phone; and the screenshots kept as artefacts.
import type { Browser, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { SignedUp } from './accounts.ts'

export const DESKTOP = { width: 1280, height: 800 }
export const MOBILE = { width: 390, height: 844 }
// expect.poll and waitFor give up sooner than a page on a busy CI machine may need.
export const SETTLED = { timeout: 15_000 }
const SCREENS = 'test-results/screens'

/** A browser context already signed in as the account (its tokens in local storage), or signed out for null. */
export function signedInContext(
  browser: Browser,
  baseUrl: string,
  account: Pick<SignedUp, 'access' | 'refresh'> | null,
  viewport = DESKTOP,
) {
  const origins = account
    ? [
        {
          origin: baseUrl,
          localStorage: [
            { name: 'access_token', value: account.access },
            { name: 'refresh_token', value: account.refresh },
          ],
        },
      ]
    : []
  return browser.newContext({ viewport, storageState: { cookies: [], origins } })
}

export const toast = (on: Page, text: string) => on.getByTestId('toast').filter({ hasText: text }).first()

/** Kept under test-results/screens; the whole page on a desktop, the screen a phone shows. */
export async function screenshot(on: Page, name: string) {
  await on.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: on.viewportSize()?.width !== MOBILE.width })
}

/** Nothing wider than a phone: no sideways scrolling. */
export async function fitsPhone(on: Page) {
  expect(await on.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width)
}

/** The element shows whole across a phone's width (a fixed toast or popover never widens the page). */
export async function showsWholeOnPhone(element: Locator) {
  const box = (await element.boundingBox()) ?? { x: -1, width: 0 }
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width)
}
