import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, type SignedUp } from '../support/accounts.ts'
import { startFakeStripe, stripeConfigFor, type FakeStripe, type FakeStripeEvent } from '../support/fake-stripe.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startListeningTestApp } from '../support/listening-test-app.ts'

// Paying by card in Chromium (issue 17): Plans → Customer information (its details on the Stripe
// customer) → Payment → the fake Stripe's hosted Checkout page (Back, then Pay) → Payment Cancelled /
// Payment Successful only once Stripe's events reach the real webhook, every screen then naming the
// plan paid for (profile, Settings, Usage & Plan), Manage Billing's portal, and cancelling (issue 37).
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
    // A signed-in owner stays in the signed-in frame, and the form starts from the account.
    await page.getByRole('complementary', { name: 'Main navigation' }).waitFor()
    expect(await page.getByLabel('First name').inputValue()).toBe('Carla')
    expect(await page.getByLabel('Last name').inputValue()).toBe('Card')
    expect(await page.getByLabel('Email').inputValue()).toBe(owner.email)
    await page.getByLabel('Email').fill('carla@example.com')
    await page.getByLabel('Phone').fill('+20 100 555 0199')
    await page.getByLabel('Company').fill('Carla Cards LLC')
    await page.getByLabel('Address').fill('12 Nile Street')
    await page.getByLabel('City').fill('Cairo')
    await page.getByLabel('Country').selectOption({ label: 'Egypt' })
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
    // The Stripe customer has the details typed, not only the account's name (issue 37 item 9).
    const session = [...fake.checkoutSessions.values()].at(-1)
    expect(fake.customers.get(String(session?.customer))).toMatchObject({
      name: 'Carla Card',
      email: 'carla@example.com',
      phone: '+20 100 555 0199',
      business_name: 'Carla Cards LLC',
      address: { line1: '12 Nile Street', city: 'Cairo', country: 'EG' },
    })
    expect(await page.evaluate(() => localStorage.getItem('customerInfo'))).toBeNull()
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
    // Every toast the page shows is noted as it appears (a success toast leaves after 4 seconds).
    const toasts: string[] = []
    await page.exposeFunction('noteToast', (text: string) => toasts.push(text))
    await page.addInitScript(() => {
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLElement)
              for (const shown of [node, ...node.querySelectorAll<HTMLElement>('[data-testid="toast"]')])
                if (shown.dataset.testid === 'toast')
                  (window as unknown as { noteToast(text: string): void }).noteToast(shown.textContent ?? '')
      }).observe(document, { subtree: true, childList: true })
    })
    const welcomes = () => toasts.filter((text) => text.includes('Payment successful! Welcome to your new plan!'))
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(url('/app/payment-success'))
    // Stripe's webhook has not arrived: no success is claimed yet, only a wait (issue 37 item 3).
    await page.getByRole('heading', { name: 'Confirming your payment', level: 1 }).waitFor()
    expect(await page.getByRole('heading', { name: 'Payment Successful!' }).count()).toBe(0)
    expect(welcomes()).toEqual([])
    await deliverEventsSince(eventsBefore)
    await page.getByRole('heading', { name: 'Payment Successful!', level: 1 }).waitFor()
    await page
      .getByText('Your account has been activated and your Pro 2 plan is ready to use.', { exact: false })
      .waitFor()
    await expect.poll(() => welcomes().length).toBe(1)
    expect(await page.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/app/plans')
    // The details were needed for the checkout only.
    expect(await page.evaluate(() => sessionStorage.getItem('customerInfo'))).toBeNull()
    await page.screenshot({ path: `${SCREENS}/billing-stripe-success-desktop.png` })

    await page.goto(url('/app/usage'))
    await page.getByRole('heading', { name: 'Current Plan: Pro 2' }).waitFor()
    expect(await page.getByTestId('usage-agents').innerText()).toMatch(/0 \/ 7/)
    // 6,500 messages, never rounded up to "7K" (issue 37 item 10).
    expect(await page.getByTestId('usage-messages').innerText()).toMatch(/0 \/ 6,500/)
    await page.getByTestId('subscription-status').getByText('Active', { exact: true }).waitFor()
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

  it('every screen names the plan paid for, and Settings offers Change Plan and Manage Billing, not Subscribe Now', async () => {
    await page.goto(url('/app/profile'))
    await page.getByTestId('profile-plan-badge').getByText('Pro 2', { exact: true }).waitFor()
    expect(await page.getByText('Free Plan').count()).toBe(0)

    await page.goto(url('/app/settings?tab=billing'))
    await page.getByRole('heading', { name: 'Current Plan: Pro 2' }).waitFor()
    await page.getByText('Active', { exact: true }).first().waitFor()
    await page.getByRole('button', { name: 'Manage Billing' }).waitFor()
    expect(await page.getByRole('link', { name: 'Change Plan' }).getAttribute('href')).toBe('/app/payment')
    expect(await page.getByRole('link', { name: 'Subscribe Now' }).count()).toBe(0)

    // Change Plan's page says where a card payer changes plan, rather than offering a second checkout.
    await page.getByRole('link', { name: 'Change Plan' }).click()
    await page.waitForURL('**/app/payment')
    await page.getByText('You pay for Pro 2 by card').waitFor()
  })

  it('after cancelling, offers no Cancel, says when the plan ends and offers to resume it', async () => {
    await page.goto(url('/app/usage'))
    await page.getByRole('heading', { name: 'Current Plan: Pro 2' }).waitFor()
    await page.getByRole('button', { name: 'Cancel Subscription' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.getByText(/^Cancelled: your plan ends on .+ and will not renew\.$/).waitFor()
    await page.getByText('Cancels at period end').waitFor()
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Resume in Manage Billing' }).waitFor()
    await page.getByTestId('subscription-status').getByText('Cancelled (access until the end date)').waitFor()

    await page.goto(url('/app/settings?tab=billing'))
    await page.getByText('Cancels at period end').waitFor()
    await page.getByRole('button', { name: 'Manage Billing' }).waitFor()
    expect(await page.getByRole('link', { name: 'Subscribe Now' }).count()).toBe(0)
    await page.goto(url('/app/profile'))
    await page.getByTestId('profile-plan-badge').getByText('Pro 2', { exact: true }).waitFor()
  })
})
