import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, type SignedUp } from '../support/accounts.ts'
import { startFakeStripe, stripeConfigFor, type FakeStripe, type FakeStripeEvent } from '../support/fake-stripe.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startListeningTestApp } from '../support/listening-test-app.ts'

// Paying by card in Chromium (issue 17): Plans → Customer information → Payment → the fake Stripe's
// hosted Checkout page (Back, then Pay) → Payment Cancelled / Payment Successful, Stripe's events
// delivered to the real webhook, Usage & Plan showing the plan paid for, and Manage Billing's portal.
let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let fake: FakeStripe
let browser: Browser
let owner: SignedUp
let context: BrowserContext
let page: Page
const SCREENS = 'test-results/screens'

const url = (path: string) => `${listening.baseUrl}${path}`

/** Stripe's events since `from`, sent to the webhook as Stripe signs them. */
async function deliverEventsSince(from: number) {
  for (const event of fake.events.slice(from) as FakeStripeEvent[]) {
    const signed = fake.sign(event)
    const response = await fetch(url('/api/plans/webhook/'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signed.signature },
      body: signed.body,
    })
    expect(response.status).toBe(200)
  }
}

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true })
  fake = await startFakeStripe()
  listening = await startListeningTestApp({
    ...stripeConfigFor(fake),
    ...(process.env.DASHBOARD_DIR ? { DASHBOARD_DIR: process.env.DASHBOARD_DIR } : {}),
  })
  browser = await launchChromium()
  owner = await signUp(listening.testApp, { full_name: 'Carla Card' })
  context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: {
      cookies: [],
      origins: [
        {
          origin: listening.baseUrl,
          localStorage: [
            { name: 'access_token', value: owner.access },
            { name: 'refresh_token', value: owner.refresh },
          ],
        },
      ],
    },
  })
  page = await context.newPage()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await listening?.close()
  await fake?.close()
})

describe('paying for a plan by card', () => {
  it('goes from the plans through customer information to Stripe Checkout, and back to Payment Cancelled', async () => {
    await page.goto(url('/app/plans'))
    await page.getByLabel('Plan', { exact: true }).selectOption({ label: 'Pro 2' })
    await page.getByRole('link', { name: 'Get Started with Pro 2' }).click()
    await page.waitForURL('**/app/customer-info?plan=2')
    await page.getByLabel('First name').fill('Carla')
    await page.getByLabel('Last name').fill('Card')
    await page.getByLabel('Email').fill('carla@example.com')
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url())
    })
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await page.waitForURL(`${fake.url}/checkout/**`)
    // SPEC section 4: back to Payment with the plan and customerInfoCompleted=true, which goes on to Checkout.
    expect(visited).toContain(url('/app/payment?plan=2&customerInfoCompleted=true'))
    await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor()
    await page.getByText('Subscribe: 1000.00 EGP per period').waitFor()
    await page.getByRole('link', { name: 'Back' }).click()
    await page.waitForURL(url('/app/payment-cancel'))
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor()
    expect(
      (await listening.testApp.database.prisma.subscription.findUniqueOrThrow({ where: { currentKey: owner.userId } }))
        .provider,
    ).toBe('trial')
  })

  it('pays on Checkout, lands on Payment Successful, and Usage & Plan shows the plan once Stripe’s events arrive', async () => {
    await page.goto(url('/app/payment'))
    await page.getByTestId('plan-card').nth(6).waitFor()
    const eventsBefore = fake.events.length
    // The customer information is kept from before: the plan goes straight to Checkout.
    await page.getByRole('button', { name: 'Get Started with Pro 2' }).click()
    await page.waitForURL(`${fake.url}/checkout/**`)
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(url('/app/payment-success'))
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor()
    await page.screenshot({ path: `${SCREENS}/billing-stripe-success-desktop.png` })
    await deliverEventsSince(eventsBefore)

    await page.goto(url('/app/usage'))
    await page.getByRole('heading', { name: 'Current Plan: Pro 2' }).waitFor()
    expect(await page.getByTestId('usage-agents').innerText()).toMatch(/0 \/ 7/)
    const current = await listening.testApp.database.prisma.subscription.findUniqueOrThrow({
      where: { currentKey: owner.userId },
    })
    expect(current).toMatchObject({ provider: 'stripe', status: 'active', priceId: 4 })
  })

  it('Manage Billing opens Stripe’s billing portal in a new tab, which comes back to Usage & Plan', async () => {
    await page.goto(url('/app/usage'))
    await page.getByRole('heading', { name: 'Current Plan: Pro 2' }).waitFor()
    const [portal] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Manage Billing' }).click(),
    ])
    // Opened blank in the click (no pop-up blocker stops it), then sent to the portal.
    await portal.waitForURL(new RegExp(`^${fake.url}/billing_portal/`))
    expect(await portal.evaluate(() => window.opener)).toBeNull()
    await portal.getByRole('heading', { name: 'Fake Stripe billing portal' }).waitFor()
    expect(await portal.getByRole('link', { name: 'Return' }).getAttribute('href')).toBe(url('/app/usage'))
    expect(page.url()).toBe(url('/app/usage'))
    await portal.close()
  })
})
