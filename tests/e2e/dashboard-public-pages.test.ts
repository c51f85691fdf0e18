import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabaseLocation, type DatabaseLocation } from '../support/create-test-database.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { spawnServer, type SpawnedServer } from '../support/spawn-server.ts'
import { registerAccount } from '../support/call-api.ts'

// The public pages, the 404 page and the help center (SPEC sections 1 and 2), served by the built
// dashboard under the production content security policy.
const DESKTOP = { width: 1280, height: 800 }
const MOBILE = { width: 390, height: 844 }
const NARROWEST = { width: 360, height: 740 }
// The operator's support contacts (SUPPORT_EMAIL, SUPPORT_PHONE): without them nothing is shown
// (dashboard-invited-member.test.ts).
const CONTACT_EMAIL = 'help@support-desk.test'
const CONTACT_PHONE = '+20 100 123 4567'
// expect.poll gives up after 1 s unless told otherwise: too soon for a page on a busy CI machine.
const SETTLED = { timeout: 15_000 }

let server: SpawnedServer
let location: DatabaseLocation
let browser: Browser
let tokens: { access: string; refresh: string }

beforeAll(async () => {
  location = await createDatabaseLocation()
  server = await spawnServer({
    DATA_DIR: location.DATA_DIR,
    SUPPORT_EMAIL: CONTACT_EMAIL,
    SUPPORT_PHONE: CONTACT_PHONE,
  })
  browser = await launchChromium()
  mkdirSync('test-results/screens', { recursive: true })
  tokens = await registerAccount(server.baseUrl, {
    email: 'helper@public.example',
    password: 'Public-Pages-9',
    full_name: 'Help Reader',
  })
})

afterAll(async () => {
  await browser?.close()
  server?.child.kill('SIGTERM')
  await server?.exited
  await location?.destroy()
})

interface OpenPage {
  page: Page
  context: BrowserContext
  problems: string[]
}

/** A fresh browser context; `signedIn` puts the tokens where the dashboard keeps them. Screenshots ask
 * for reduced motion, so they show finished pages rather than entrance animations. */
async function open(path: string, { viewport = DESKTOP, signedIn = false, still = false } = {}): Promise<OpenPage> {
  const context = await browser.newContext({ viewport, reducedMotion: still ? 'reduce' : 'no-preference' })
  if (signedIn) {
    await context.addInitScript((saved) => {
      localStorage.setItem('access_token', saved.access)
      localStorage.setItem('refresh_token', saved.refresh)
    }, tokens)
  }
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  await page.goto(`${server.baseUrl}${path}`)
  return { page, context, problems }
}

const pathOf = (page: Page) => {
  const url = new URL(page.url())
  return url.pathname + url.search
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

const PUBLIC_PAGES = [
  {
    path: '/',
    heading: 'Support your customers 24/7, in their language',
    title: 'AI chat agents for 24/7 customer support · AgentDesk',
    texts: [
      'over 95 languages',
      'smart chat',
      'analytics',
      '14-day free trial',
      'No card needed',
      '95%',
      '60%',
      '1M+',
      'Customer satisfaction',
      'Availability',
      'Cost reduction',
      'Conversations',
      'Multilingual answers',
      '24/7 support',
    ],
  },
  {
    path: '/demo',
    heading: 'See AgentDesk in action',
    title: 'Live demo · AgentDesk',
    texts: ['Create an agent', 'Add your knowledge', 'Chat and refine', 'Embed the widget'],
  },
  {
    path: '/about',
    heading: 'We help businesses answer every customer',
    title: 'About us · AgentDesk',
    texts: ['What we believe', '95%'],
  },
  {
    path: '/help',
    heading: 'How can we help?',
    title: 'Help · AgentDesk',
    texts: ['Support available 24/7', 'Response within 24 hours', 'connects AgentDesk to 3,000+ apps'],
  },
  {
    path: '/contact',
    heading: 'Contact us',
    title: 'Contact us · AgentDesk',
    texts: [
      CONTACT_EMAIL,
      CONTACT_PHONE,
      'Chat',
      'Business hours (UTC+03)',
      'Sun-Thu',
      '9:00 AM - 6:00 PM',
      'Sat',
      '10:00 AM - 4:00 PM',
      'Fri',
      'Closed',
    ],
  },
  {
    path: '/privacy',
    heading: 'Privacy Policy',
    title: 'Privacy Policy · AgentDesk',
    texts: ['We do not use your documents or conversations to train AI models.', 'Deleting an agent removes'],
  },
  {
    path: '/terms',
    heading: 'Terms of Service',
    title: 'Terms of Service · AgentDesk',
    texts: ['14-day free trial', 'at least 30 days before a new price applies'],
  },
  {
    path: '/security',
    heading: 'Security',
    title: 'Security · AgentDesk',
    texts: ['argon2id', 'Reporting a vulnerability'],
  },
  {
    path: '/refund',
    heading: 'Refund Policy',
    title: 'Refund Policy · AgentDesk',
    texts: [
      'Full refund within 7 days of your first subscription.',
      'No refunds after 30 days.',
      '3-5 business days',
      '7-10 business days',
      'Price changes need 30 days notice.',
    ],
  },
]

describe('the public pages', () => {
  it.each(PUBLIC_PAGES)(
    '$path has one h1, its title and the SPEC’s texts, with no console errors under the production CSP',
    async ({ path, heading, title, texts }) => {
      const { page, context, problems } = await open(path)
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([heading])
      // The title is set by an effect, after the render that shows the heading.
      await expect.poll(() => page.title(), SETTLED).toBe(title)
      expect(await page.getByRole('main').count()).toBe(1)
      expect(await page.getByRole('navigation', { name: 'Site pages' }).count()).toBe(1)
      const text = await page.getByRole('main').innerText()
      for (const expected of texts) expect(text).toContain(expected)
      await page.setViewportSize(NARROWEST)
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      expect(problems).toEqual([])
      await context.close()
    },
  )

  it('sends the landing page’s buttons where the route table says', async () => {
    const { page, context } = await open('/')
    const main = page.getByRole('main')
    const destinations: [Locator, string][] = [
      [page.getByRole('banner').getByRole('link', { name: 'Log in' }), '/auth'],
      [page.getByRole('banner').getByRole('link', { name: 'Get Started' }), '/auth?tab=signup'],
      [main.getByRole('link', { name: 'Get Started' }).first(), '/auth?tab=signup'],
      [main.getByRole('link', { name: 'Log in' }), '/auth'],
      [main.getByRole('link', { name: 'Live Demo Video' }).first(), '/demo'],
      [main.getByRole('link', { name: 'Plans', exact: true }), '/app/plans'],
      [main.getByRole('link', { name: 'Contact Sales' }), '/contact'],
    ]
    for (const [link, destination] of destinations) {
      await page.goto(`${server.baseUrl}/`)
      await link.click()
      await expect.poll(() => pathOf(page), SETTLED).toBe(destination)
    }
    await context.close()
  })

  it('links the footer to the public pages, the e-mail and the phone', async () => {
    const { page, context } = await open('/about')
    const footer = page.getByRole('contentinfo')
    expect(await footer.getByRole('link', { name: CONTACT_EMAIL }).getAttribute('href')).toBe(`mailto:${CONTACT_EMAIL}`)
    expect(await footer.getByRole('link', { name: CONTACT_PHONE }).getAttribute('href')).toBe('tel:+201001234567')
    expect(await footer.innerText()).toMatch(/© \d{4} AgentDesk\. All rights reserved\./)
    const pages = {
      Demo: 'See AgentDesk in action',
      About: 'We help businesses answer every customer',
      Help: 'How can we help?',
      Contact: 'Contact us',
      Privacy: 'Privacy Policy',
      Terms: 'Terms of Service',
      'Refund Policy': 'Refund Policy',
    }
    const paths = {
      Demo: '/demo',
      About: '/about',
      Help: '/help',
      Contact: '/contact',
      Privacy: '/privacy',
      Terms: '/terms',
      'Refund Policy': '/refund',
    }
    for (const [label, heading] of Object.entries(pages)) {
      await footer.getByRole('link', { name: label, exact: true }).click()
      await expect.poll(() => pathOf(page), SETTLED).toBe(paths[label as keyof typeof paths])
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), SETTLED).toBe(heading)
    }
    await context.close()
  })

  it('plays the demo walkthrough, and lets the visitor pause it and pick a step', async () => {
    const { page, context, problems } = await open('/demo')
    const caption = page.getByTestId('walkthrough-caption')
    await page.getByRole('button', { name: 'Pause walkthrough' }).click()
    await page
      .getByRole('navigation', { name: 'Walkthrough steps' })
      .getByRole('button', { name: /Embed the widget/ })
      .click()
    await expect.poll(() => caption.textContent(), SETTLED).toContain('Step 4 of 4')
    expect(await caption.getAttribute('aria-live')).toBe('polite')
    expect(await page.getByRole('button', { name: /Embed the widget/ }).getAttribute('aria-current')).toBe('step')
    expect(await page.getByRole('button', { name: 'Next step' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Previous step' }).click()
    await expect.poll(() => caption.textContent(), SETTLED).toContain('Step 3 of 4')
    await page.getByRole('main').getByRole('link', { name: 'Get Started' }).click()
    await expect.poll(() => pathOf(page), SETTLED).toBe('/auth?tab=signup')
    expect(problems).toEqual([])
    await context.close()
  })

  it('opens the public FAQ one answer at a time', async () => {
    const { page, context } = await open('/help')
    const questions = page.getByTestId('faq').getByRole('button')
    await questions.first().waitFor()
    expect(await questions.count()).toBe(5)
    await questions.nth(0).click()
    await questions.nth(1).click()
    // The second answer is shown (innerText waits for it) before the open questions are counted.
    expect(
      await page.getByRole('region', { name: 'How do I integrate the chatbot with my website?' }).innerText(),
    ).toContain('embed code')
    expect(await page.getByTestId('faq').locator('[aria-expanded="true"]').count()).toBe(1)
    await context.close()
  })
})

describe('the 404 page', () => {
  it('shows Oops! Page not found for an unknown path, and Return to Home goes to /', async () => {
    const { page, context, problems } = await open('/no/such/page')
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor()
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect.poll(() => pathOf(page), SETTLED).toBe('/')
    await page.getByRole('heading', { level: 1, name: /Support your customers/ }).waitFor()
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('the help center', () => {
  it('shows a labelled search box and the tabs FAQ, Resources and Contact Support', async () => {
    const { page, context, problems } = await open('/app/help', { signedIn: true })
    await page.getByRole('heading', { level: 1, name: 'Help Center' }).waitFor()
    await expect.poll(() => page.title(), SETTLED).toBe('Help Center · AgentDesk')
    expect(await page.getByLabel('Search the help center').getAttribute('type')).toBe('search')
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['FAQ', 'Resources', 'Contact Support'])
    expect(await page.getByRole('tab', { name: 'FAQ' }).getAttribute('aria-selected')).toBe('true')
    expect(problems).toEqual([])
    await context.close()
  })

  it('keeps one FAQ answer open at a time, by mouse and by keyboard', async () => {
    const { page, context } = await open('/app/help', { signedIn: true })
    const faq = page.getByTestId('faq')
    const questions = faq.getByRole('button')
    await questions.first().waitFor()
    expect(await questions.allInnerTexts()).toEqual([
      'How do I create a chatbot?',
      'How do I integrate the chatbot with my website?',
      'How can I add team members?',
      'What plans do you offer?',
      'How can I track my chatbot’s performance?',
    ])
    const expanded = () =>
      questions.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-expanded')))
    expect(await expanded()).toEqual(['false', 'false', 'false', 'false', 'false'])

    await questions.nth(0).click()
    await expect.poll(expanded, SETTLED).toEqual(['true', 'false', 'false', 'false', 'false'])
    expect(await page.getByRole('region', { name: 'How do I create a chatbot?' }).innerText()).toContain('Create Agent')

    await questions.nth(2).click()
    await expect.poll(expanded, SETTLED).toEqual(['false', 'false', 'true', 'false', 'false'])
    expect(await page.getByRole('region', { name: 'How can I add team members?' }).innerText()).toContain(
      'Settings > Teams > Add Member',
    )
    expect(await page.getByRole('region', { name: 'How do I create a chatbot?' }).count()).toBe(0)

    // Keyboard: arrows move between questions, Enter and Space toggle.
    await page.keyboard.press('ArrowDown')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), SETTLED)
      .toBe('What plans do you offer?')
    await page.keyboard.press('Enter')
    await expect.poll(expanded, SETTLED).toEqual(['false', 'false', 'false', 'true', 'false'])
    expect(await page.getByRole('region', { name: 'What plans do you offer?' }).innerText()).toContain('three plans')
    await page.keyboard.press('End')
    await page.keyboard.press('Space')
    await expect.poll(expanded, SETTLED).toEqual(['false', 'false', 'false', 'false', 'true'])
    expect(await page.getByRole('region', { name: 'How can I track my chatbot’s performance?' }).innerText()).toContain(
      'Usage',
    )
    await page.keyboard.press('Space')
    await expect.poll(expanded, SETTLED).toEqual(['false', 'false', 'false', 'false', 'false'])

    await page.getByLabel('Search the help center').fill('embed code')
    await expect
      .poll(() => questions.allInnerTexts(), SETTLED)
      .toEqual(['How do I integrate the chatbot with my website?'])
    await context.close()
  })

  it('lists four resources that lead to real screens', async () => {
    const { page, context } = await open('/app/help', { signedIn: true })
    await page.getByRole('tab', { name: 'Resources' }).click()
    await expect.poll(() => pathOf(page), SETTLED).toBe('/app/help?tab=resources')
    const panel = page.getByRole('tabpanel')
    // The address changes a moment before the panel does: wait for the panel itself.
    await expect
      .poll(() => panel.getByRole('heading', { level: 3 }).allInnerTexts(), SETTLED)
      .toEqual(['Getting started guide', 'API documentation', 'Video tutorials', 'Community forum'])
    expect(
      await panel.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/app/create-agent', '/app/integrations', '/demo', '/app/help?tab=contact'])
    await panel.getByRole('link', { name: /Community forum/ }).click()
    await expect
      .poll(() => page.getByRole('tab', { name: 'Contact Support' }).getAttribute('aria-selected'), SETTLED)
      .toBe('true')
    await context.close()
  })

  it('checks the contact form, then opens the e-mail app with the message written out', async () => {
    const { page, context, problems } = await open('/app/help?tab=contact', { signedIn: true })
    const message = page.getByLabel('Message', { exact: true })
    await message.waitFor()
    expect((await message.boundingBox())?.height).toBeGreaterThanOrEqual(150)
    expect(await message.evaluate((element) => getComputedStyle(element).minHeight)).toBe('150px')

    await page.getByRole('button', { name: 'Send Message' }).click()
    const panelText = () => page.getByRole('tabpanel').innerText()
    for (const error of [
      'Please enter your name',
      'Please enter a valid email address',
      'Please enter a subject',
      'Please enter a message',
    ]) {
      await expect.poll(panelText, SETTLED).toContain(error)
    }
    // Focus moves in the same handler that sets the messages, so it is there once they are.
    expect(
      await page.getByLabel('Name', { exact: true }).evaluate((element) => element === document.activeElement),
    ).toBe(true)

    await page.getByLabel('Name', { exact: true }).fill('Help Reader')
    await page.getByLabel('E-mail', { exact: true }).fill('not-an-address')
    await page.getByLabel('Subject', { exact: true }).fill('Widget on my shop')
    await message.fill('The launcher does not show on my store.\nCan you help?')
    await page.getByRole('button', { name: 'Send Message' }).click()
    // Typing cleared every message, so this one is new: once it is there, the submit has been handled.
    await expect.poll(panelText, SETTLED).toContain('Please enter a valid email address')
    expect(await panelText()).not.toContain('Please enter your name')

    await page.getByLabel('E-mail', { exact: true }).fill('reader@shop.example')
    await page.getByRole('button', { name: 'Send Message' }).click()
    const toast = page.getByTestId('toast').filter({ hasText: 'Opening your e-mail app' })
    await toast.waitFor()
    expect(await toast.innerText()).toContain(CONTACT_EMAIL)
    const href =
      (await page
        .getByTestId('support-mail-fallback')
        .getByRole('link', { name: 'Open the message again' })
        .getAttribute('href')) ?? ''
    const mail = new URL(href)
    expect(mail.protocol).toBe('mailto:')
    expect(mail.pathname).toBe(CONTACT_EMAIL)
    expect(mail.searchParams.get('subject')).toBe('Widget on my shop')
    expect(mail.searchParams.get('body')).toBe(
      'The launcher does not show on my store.\nCan you help?\n\n--\nHelp Reader\nreader@shop.example',
    )
    expect(pathOf(page)).toBe('/app/help?tab=contact')
    // Headless Chromium has no e-mail app: it reports the mailto: hand-over it could not make.
    expect(problems.filter((problem) => !problem.includes("Failed to launch 'mailto:"))).toEqual([])
    await context.close()
  })
})

describe('screenshots', () => {
  const SCREENS = [
    { name: 'public-landing', path: '/', signedIn: false, ready: 'Support your customers' },
    { name: 'public-demo', path: '/demo', signedIn: false, ready: 'See AgentDesk in action' },
    { name: 'public-refund', path: '/refund', signedIn: false, ready: 'Refund Policy' },
    { name: 'public-contact', path: '/contact', signedIn: false, ready: 'Contact us' },
    { name: 'public-404', path: '/missing-page', signedIn: false, ready: 'Oops! Page not found' },
    { name: 'help-center', path: '/app/help', signedIn: true, ready: 'Help Center' },
  ]
  it.each(SCREENS)('$name at desktop and mobile widths', async ({ name, path, signedIn, ready }) => {
    for (const [suffix, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const { page, context } = await open(path, { viewport, signedIn, still: true })
      await page.getByRole('heading', { level: 1, name: new RegExp(ready) }).waitFor()
      if (name === 'help-center') await page.getByTestId('faq').getByRole('button').first().click()
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      await page.screenshot({ path: `test-results/screens/${name}-${suffix}.png`, fullPage: name !== 'help-center' })
      await context.close()
    }
  })
})
