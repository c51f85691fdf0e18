import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCREENS, startShopifyAppTestbed, type ShopifyAppTestbed } from './shopify-app-testbed.ts'

// The embedded app's login page in Chromium, outside the admin: the shop-domain form under the
// production content security policy, and its two refusals.
let bed: ShopifyAppTestbed

beforeAll(async () => {
  bed = await startShopifyAppTestbed()
})

afterAll(async () => {
  await bed?.close()
})

const open = (path: string) => bed.open(path)

describe('the Shopify app login page', () => {
  it('renders the shop-domain form, its scripts running under the nonce policy', async () => {
    const { page, problems } = await open('/shopify/auth/login')
    await expect.poll(() => page.getByRole('heading', { name: 'Log in to AgentDesk' }).isVisible()).toBe(true)
    expect(await page.getByLabel('Shop domain').isVisible()).toBe(true)
    // React Router's inline context script ran: the policy let it through by its nonce.
    expect(
      await page.evaluate(() => typeof (window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext),
    ).toBe('object')
    expect(await page.locator('script[src*="app-bridge.js"]').count()).toBe(0)
    await page.screenshot({ path: `${SCREENS}/shopify-login-desktop.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('an invalid shop domain shows the error under the field', async () => {
    const { page, problems } = await open('/shopify/auth/login')
    await page.getByLabel('Shop domain').fill('not a shop!')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByText('Please enter a valid shop domain to log in').isVisible()).toBe(true)
    expect(await page.getByLabel('Shop domain').getAttribute('aria-invalid')).toBe('true')
    await page.screenshot({ path: `${SCREENS}/shopify-login-invalid-shop.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('an empty shop domain asks for one', async () => {
    const { page } = await open('/shopify/auth/login')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByText('Please enter your shop domain to log in').isVisible()).toBe(true)
    await page.context().close()
  })
})
