import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setPlan } from '../../server/billing/set-plan.ts'
import { bearer, signUp, type SignedUp } from '../support/accounts.ts'
import {
  DESKTOP,
  MOBILE,
  SETTLED,
  fitsPhone,
  screenshot,
  showsWholeOnPhone,
  signedInContext,
  toast,
} from '../support/dashboard-browser.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startListeningTestApp } from '../support/listening-test-app.ts'
import { grantOneAgentPlan } from '../support/one-agent-plan.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'

// The billing screens' other states in Chromium against the real app with plan limits enforced: each
// read's placeholder while it loads, its failure in the SPEC's words with Try Again, and its empty
// state; the payment results, a plan's refusal and the limit's banner and notifications at phone width;
// and the header's Upgrade Plan and the sidebar's Subscribe. Answers are held or failed in the browser
// (page.route) only where the server cannot be brought to that state itself.
let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let browser: Browser
let owner: SignedUp
let solo: SignedUp
let context: BrowserContext | undefined
let page: Page | undefined

const SUBSCRIPTION = '**/api/plans/get-user-subscription/'
const HISTORY = '**/api/plans/get-user-subscription-history/'
const PLANS = '**/api/subscriptions/plans/'
const NOTIFICATIONS = '**/api/notifications/'

const url = (path: string) => `${listening.baseUrl}${path}`

/** A new page in its own context (its own cache), signed in as the account; closed after the test. */
async function openPage(account: SignedUp | null, viewport = DESKTOP) {
  context = await signedInContext(browser, listening.baseUrl, account, viewport)
  page = await context.newPage()
  return page
}

/** How long the payment page waits for a confirmation: run out on the page's installed clock. */
const CONFIRMATION_WAIT = '00:16'

/** A screen's placeholder while its read is on its way, by the words it gives screen readers (visually hidden). */
const loading = (on: Page | Locator, label: string) => on.getByText(label, { exact: true })
const ATTACHED = { state: 'attached' } as const

/**
 * Holds the browser's calls to the pattern until answer(): then each goes on to the server, or, given a
 * status, is answered with it and the JSON body (the retry too) until the pattern is released.
 */
async function holdCalls(on: Page, pattern: string) {
  let arrived = () => {}
  const requested = new Promise<void>((resolve) => (arrived = resolve))
  let answer: (failure?: { status: number; body?: object }) => void = () => {}
  const answered = new Promise<{ status: number; body?: object } | undefined>((resolve) => (answer = resolve))
  await on.route(pattern, async (route) => {
    arrived()
    const failure = await answered
    await (failure
      ? route.fulfill({
          status: failure.status,
          contentType: 'application/json',
          body: JSON.stringify(failure.body ?? {}),
        })
      : route.continue())
  })
  return { requested, answer, release: () => on.unroute(pattern) }
}

beforeAll(async () => {
  listening = await startListeningTestApp({
    BILLING_MODE: 'enforced',
    ...(process.env.DASHBOARD_DIR ? { DASHBOARD_DIR: process.env.DASHBOARD_DIR } : {}),
  })
  browser = await launchChromium()
  owner = await signUp(listening.testApp, { full_name: 'Olivia Owner' })
  solo = await signUp(listening.testApp, { full_name: 'Sam Solo' })
  await grantOneAgentPlan(listening.testApp.database, solo.email)
  const created = await listening.testApp.request
    .post('/api/agents/create/')
    .set(bearer(solo.access))
    .send({ name: 'Only Agent' })
  if (created.status !== 201) throw new Error(`agent not created: ${JSON.stringify(created.body)}`)
}, 120_000)

afterEach(async () => {
  await context?.close()
  context = undefined
  page = undefined
})
// Registered after the closing hook, so it runs first (hooks run in reverse) and still sees the page.
reportBrowserFailures({ page: () => page, server: () => undefined })

afterAll(async () => {
  await browser?.close()
  await listening?.close()
})

describe('while a read is on its way, then when it fails', () => {
  it('Usage & Plan says Loading your plan until the subscription arrives, then shows the plan', async () => {
    const on = await openPage(owner)
    const held = await holdCalls(on, SUBSCRIPTION)
    await on.goto(url('/app/usage'))
    await held.requested
    await on.getByRole('heading', { name: 'Usage & Plan', level: 1 }).waitFor()
    await loading(on, 'Loading your plan').waitFor(ATTACHED)
    expect(await on.getByRole('heading', { name: /^Current Plan/ }).count()).toBe(0)
    held.answer()
    await on.getByRole('heading', { name: 'Current Plan: Pro 1' }).waitFor()
    expect(await loading(on, 'Loading your plan').count()).toBe(0)
  })

  it('Plans says Loading plans, then Unable to load plans with the status, and Try Again shows them', async () => {
    const on = await openPage(null)
    const held = await holdCalls(on, PLANS)
    await on.goto(url('/app/plans'))
    await held.requested
    await on.getByRole('heading', { name: 'Subscription Plans', level: 1 }).waitFor()
    await loading(on, 'Loading plans').waitFor(ATTACHED)
    expect(await on.getByRole('region', { name: 'Compare plans' }).count()).toBe(0)
    held.answer({ status: 500 })
    await on.getByText('Unable to load plans').waitFor(SETTLED)
    await on.getByText('Request failed with status 500', { exact: true }).waitFor()
    await held.release()
    await on.getByRole('button', { name: 'Try Again' }).click()
    await on.getByRole('region', { name: 'Compare plans' }).waitFor()
    expect(await on.getByText('Unable to load plans').count()).toBe(0)
  })

  it('Payment says Loading plans, then the server’s reason for a failure, and Try Again shows the cards', async () => {
    const on = await openPage(owner)
    const held = await holdCalls(on, PLANS)
    await on.goto(url('/app/payment'))
    await held.requested
    await on.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor()
    await loading(on, 'Loading plans').waitFor(ATTACHED)
    expect(await on.getByTestId('plan-card').count()).toBe(0)
    held.answer({ status: 503, body: { detail: 'The plan catalogue is being updated.' } })
    await on.getByText('Unable to load plans').waitFor(SETTLED)
    await on.getByText('The plan catalogue is being updated.', { exact: true }).waitFor()
    await held.release()
    await on.getByRole('button', { name: 'Try Again' }).click()
    await on.getByTestId('plan-card').nth(6).waitFor()
    expect(await on.getByTestId('plan-card').count()).toBe(7)
  })

  it('Settings, Billing & Plans says Loading your subscription, then Failed to fetch subscription, and Try Again shows the plan', async () => {
    const on = await openPage(owner)
    const held = await holdCalls(on, SUBSCRIPTION)
    await on.goto(url('/app/settings?tab=billing'))
    await held.requested
    await on.getByRole('tab', { name: 'Billing & Plans', selected: true }).waitFor()
    await loading(on, 'Loading your subscription').waitFor(ATTACHED)
    expect(await on.getByRole('heading', { name: 'Usage Overview' }).count()).toBe(0)
    held.answer({ status: 500, body: { error: 'INTERNAL' } })
    await on.getByText('Unable to load your subscription').waitFor(SETTLED)
    await on.getByText('Failed to fetch subscription', { exact: true }).waitFor()
    expect(await on.getByRole('link', { name: 'Change Plan' }).count()).toBe(0)
    await held.release()
    await on.getByRole('button', { name: 'Try Again' }).click()
    await on.getByRole('heading', { name: 'Current Plan: Pro 1' }).waitFor()
    await on.getByRole('heading', { name: 'Usage Overview' }).waitFor()
  })

  it('History says Loading subscription history, then Failed to fetch subscription history, and Try Again lists it', async () => {
    const on = await openPage(owner)
    await on.goto(url('/app/usage'))
    await on.getByRole('heading', { name: 'Current Plan: Pro 1' }).waitFor()
    const held = await holdCalls(on, HISTORY)
    await on.getByRole('tab', { name: 'History' }).click()
    await held.requested
    await loading(on, 'Loading subscription history').waitFor(ATTACHED)
    held.answer({ status: 500, body: { error: 'INTERNAL' } })
    await on.getByText('Unable to load your subscription history').waitFor(SETTLED)
    await on.getByText('Failed to fetch subscription history', { exact: true }).waitFor()
    expect(await on.getByTestId('subscription-history-row').count()).toBe(0)
    await held.release()
    await on.getByRole('button', { name: 'Try Again' }).click()
    const row = on.getByTestId('subscription-history-row')
    await row.waitFor()
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('1 (Pro 1)')
  })

  it('the notifications say Loading notifications, then why they failed with Try Again, then No notifications', async () => {
    const on = await openPage(owner)
    const held = await holdCalls(on, NOTIFICATIONS)
    await on.goto(url('/app/dashboard'))
    await held.requested
    await on.getByRole('button', { name: 'Notifications', exact: true }).click()
    const list = on.getByRole('dialog', { name: 'Notifications' })
    await loading(list, 'Loading notifications').waitFor(ATTACHED)
    held.answer({ status: 500 })
    await list.getByText('Unable to load notifications').waitFor(SETTLED)
    await list.getByText('Request failed with status 500', { exact: true }).waitFor()
    expect(await on.getByTestId('critical-usage-banner').count()).toBe(0)
    await held.release()
    await list.getByRole('button', { name: 'Try Again' }).click()
    await list.getByText('No notifications').waitFor()
    expect(await list.getByText('Unable to load notifications').count()).toBe(0)
  })
})

describe('with nothing to show', () => {
  it('History says No subscription history found., and Load History lists a plan granted since', async () => {
    const newcomer = await signUp(listening.testApp)
    const on = await openPage(newcomer)
    await on.goto(url('/app/usage'))
    await on.getByRole('heading', { name: 'Current Plan: Pro 1' }).waitFor()
    // The screen has read the trial; the account's subscriptions go before History asks for them (a 404).
    await listening.testApp.database.prisma.subscription.deleteMany({ where: { accountId: newcomer.userId } })
    await on.getByRole('tab', { name: 'History' }).click()
    await on.getByRole('heading', { name: 'No subscription history found.' }).waitFor()
    await on.getByText('Your subscriptions appear here once you have one.').waitFor()
    expect(await on.getByTestId('subscription-history-row').count()).toBe(0)

    await setPlan(listening.testApp.database, {
      email: newcomer.email,
      plan: 'Pro 2',
      until: new Date(Date.now() + 30 * 86_400_000),
    })
    await on.getByRole('button', { name: 'Load History' }).click()
    const row = on.getByTestId('subscription-history-row')
    await row.waitFor()
    expect((await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())).toEqual([
      expect.any(String),
      '2 (Pro 2)',
      expect.any(String),
      expect.any(String),
      expect.stringMatching(/Active$/),
    ])
    expect(await on.getByRole('heading', { name: 'No subscription history found.' }).count()).toBe(0)
  })

  it('Payment and Plans say No plans available while no plan is offered', async () => {
    const prisma = listening.testApp.database.prisma
    const offered = await prisma.plan.findMany({ where: { isActive: true }, select: { id: true } })
    expect(offered).toHaveLength(7)
    await prisma.plan.updateMany({ where: { isActive: true }, data: { isActive: false } })
    try {
      const on = await openPage(owner)
      await on.goto(url('/app/payment'))
      await on.getByRole('heading', { name: 'No plans available' }).waitFor()
      await on.getByText('Plans will be listed here once they are offered.').waitFor()
      expect(await on.getByTestId('plan-card').count()).toBe(0)

      await on.goto(url('/app/plans'))
      await on.getByRole('heading', { name: 'Subscription Plans', level: 1 }).waitFor()
      await on.getByRole('heading', { name: 'No plans available' }).waitFor()
      expect(await on.getByRole('region', { name: 'Compare plans' }).count()).toBe(0)
      expect(await on.getByRole('link', { name: /^Get Started with/ }).count()).toBe(0)
    } finally {
      await prisma.plan.updateMany({ where: { id: { in: offered.map(({ id }) => id) } }, data: { isActive: true } })
    }
  })
})

describe('at phone width', () => {
  it('the payment result of an account that paid nothing: no success, no welcome, a truthful wait and a way on', async () => {
    const on = await openPage(owner, MOBILE)
    const successClaims: string[] = []
    await on.exposeFunction('noteSuccessClaim', (text: string) => successClaims.push(text))
    // Every text the page ever shows is watched, not only the last one: a claim that flashes by counts.
    await on.addInitScript(() => {
      new MutationObserver(() => {
        const text = document.body?.innerText ?? ''
        if (/Payment Successful!|Welcome to your new plan/.test(text))
          (window as unknown as { noteSuccessClaim(text: string): void }).noteSuccessClaim(text)
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    // The page's own clock: its wait passes when the test says, not on the wall clock.
    await on.clock.install()
    await on.goto(url('/app/payment-success'))
    await on.getByRole('heading', { name: 'Confirming your payment', level: 1 }).waitFor()
    await on.clock.fastForward(CONFIRMATION_WAIT)
    await on.getByRole('heading', { name: 'We have not received your payment yet', level: 1 }).waitFor()
    await on.getByText('Your account is still on the free trial of Pro 1: no new payment has been confirmed.').waitFor()
    expect(successClaims).toEqual([])
    await fitsPhone(on)
    await showsWholeOnPhone(on.getByRole('button', { name: 'Check again' }))
    await showsWholeOnPhone(on.getByRole('link', { name: 'Choose a Plan' }))
    await screenshot(on, 'billing-payment-not-received-mobile')
    await on.getByRole('button', { name: 'Check again' }).click()
    await on.getByRole('heading', { name: 'Confirming your payment', level: 1 }).waitFor()
    await on.clock.fastForward(CONFIRMATION_WAIT)
    await on.getByRole('link', { name: 'Go to Dashboard' }).waitFor()
    expect(successClaims).toEqual([])
    await on.getByRole('link', { name: 'Choose a Plan' }).click()
    await on.waitForURL('**/app/payment')
  })

  it('Payment Cancelled fits, says no charge was made and leads back to the plans', async () => {
    const on = await openPage(owner, MOBILE)
    await on.goto(url('/app/payment-cancel'))
    await on.getByRole('heading', { name: 'Payment Cancelled', level: 1 }).waitFor()
    await on.getByText('Your payment was cancelled and no charge was made.').waitFor()
    await on.getByText('Your current plan is unchanged.').waitFor()
    await fitsPhone(on)
    await showsWholeOnPhone(on.getByRole('link', { name: 'Try Payment Again' }))
    await showsWholeOnPhone(on.getByRole('link', { name: 'Back to Plans' }))
    await screenshot(on, 'billing-payment-cancel-mobile')
    await on.getByRole('link', { name: 'Back to Plans' }).click()
    await on.waitForURL('**/app/plans')
    await on.getByRole('heading', { name: 'Subscription Plans', level: 1 }).waitFor()
  })

  it('refuses an agent past the plan’s limit with the reason and an Upgrade Plan that opens the plans', async () => {
    const on = await openPage(solo, MOBILE)
    await on.goto(url('/app/create-agent'))
    await on.getByLabel('Name').fill('Second Agent')
    await on.getByRole('button', { name: 'Create Agent' }).click()
    const refusal = toast(on, 'Failed to create agent')
    await refusal.getByText('Your plan allows 1 agent. Upgrade your plan to add more.').waitFor()
    await showsWholeOnPhone(refusal)
    await fitsPhone(on)
    await screenshot(on, 'billing-agent-limit-mobile')
    await refusal.getByRole('link', { name: 'Upgrade Plan' }).click()
    await on.waitForURL('**/app/payment')
    await on.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor()
    expect(await listening.testApp.database.prisma.agent.count({ where: { accountId: solo.userId } })).toBe(1)
  })

  it('shows the limit reached in a banner and in the notifications, whose Upgrade Plan opens the plans', async () => {
    const on = await openPage(solo, MOBILE)
    await on.goto(url('/app/dashboard'))
    const banner = on.getByTestId('critical-usage-banner')
    await banner.getByText('Agents limit reached').waitFor()
    await banner.getByText("Your plan's 1 agent is in use. Upgrade your plan to add more.").waitFor()
    await showsWholeOnPhone(banner)
    await fitsPhone(on)
    await on.getByRole('button', { name: 'Notifications (1)' }).click()
    const item = on.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification')
    await item.getByText('Agents limit reached').waitFor()
    expect(await item.count()).toBe(1)
    await showsWholeOnPhone(item)
    await screenshot(on, 'billing-notifications-mobile')
    await item.getByRole('link', { name: 'Upgrade Plan' }).click()
    await on.waitForURL('**/app/payment')
    await on.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'detached' })
    await banner.getByRole('link', { name: 'Upgrade Plan' }).waitFor()
  })
})
