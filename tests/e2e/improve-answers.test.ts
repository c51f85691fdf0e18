import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTLED, screenshot } from '../support/dashboard-browser.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { accountsOn, type Tokens } from './account-owner.ts'
import { inWidget, openWidget, startWidgetHost, type WidgetHost } from './widget-host.ts'

// Issue 21, answer feedback and questions to improve in Chromium: a visitor rates an answer down in the
// widget with a reason, the team sees it on the conversation and on the agent's Improve tab, writes the
// right answer there, and the visitor asking again is answered from it (the offline answerer: what the
// knowledge holds decides).
const OWNER = { email: 'ivy@improve.example', password: 'Improve-Pass-3', full_name: 'Ivy Owner' }
const QUESTION = 'Can I return sale items?'
let site: WidgetHost
let owner: Tokens
let agentId: string
let teamPage: Page
const { api, register, signedInContext } = accountsOn(() => site.dashboard)

/** A plain loop, not expect.poll: this also runs in beforeAll. */
async function waitForJob(jobId: string) {
  const deadline = Date.now() + 30_000
  for (;;) {
    const { status } = (await api<{ status: string }>(`/agents/${agentId}/jobs/${jobId}/`, owner.access)).json
    if (status === 'succeeded') return
    if (status === 'failed' || Date.now() > deadline) throw new Error(`job ${jobId}: ${status}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function ask(page: Page, text: string) {
  const before = await inWidget(page, '.msg.ai').count()
  await inWidget(page, 'textarea').fill(text)
  await inWidget(page, 'textarea').press('Enter')
  await expect.poll(() => inWidget(page, '.msg.ai').count(), SETTLED).toBeGreaterThan(before)
  await expect.poll(() => inWidget(page, '.typing').count(), SETTLED).toBe(0)
  return inWidget(page, '.msg.ai').last()
}

beforeAll(async () => {
  site = await startWidgetHost()
  owner = await register(OWNER)
  agentId = (await api<{ agent_id: string }>('/agents/create/', owner.access, { name: 'Shop helper' })).json.agent_id
  const text = await api<{ job: { job_id: string } }>(`/agents/${agentId}/texts/create/`, owner.access, {
    text_title: 'Returns policy',
    text_content: 'You can return any product within 30 days of delivery for a full refund.',
  })
  await waitForJob(text.json.job.job_id)
  const integration = await api<{ client_key: string }>(`/agents/${agentId}/integrations/frontend/`, owner.access, {
    website_name: 'Shop',
    website_domain: site.domain,
  })
  site.useClientKey(integration.json.client_key)
  teamPage = await (await signedInContext(owner)).newPage()
}, 120_000)
afterAll(async () => {
  await site?.close()
})

reportBrowserFailures({ page: () => teamPage, server: () => site.dashboard.server })

describe('answer feedback and questions to improve', () => {
  it('turns a thumbs-down into a written answer that the agent then gives', async () => {
    const visitorPage = await (await site.dashboard.browser.newContext()).newPage()
    await openWidget(visitorPage, site.host.url)
    await ask(visitorPage, QUESTION)
    await inWidget(visitorPage, '.rate').last().locator('button.thumb.down').click()
    await inWidget(visitorPage, '.why input').fill('Sale items are not mentioned')
    await inWidget(visitorPage, '.why button').click()
    await expect
      .poll(() => inWidget(visitorPage, '.thumb.down').last().getAttribute('aria-pressed'), SETTLED)
      .toBe('true')

    const { json } = await api<{ data: { id: string }[] }>('/conversations/index/', owner.access)
    await teamPage.goto(`${site.dashboard.server.baseUrl}/app/conversations?conversation=${json.data[0]!.id}`)
    await teamPage.getByText('Visitor rated it unhelpful: “Sale items are not mentioned”').waitFor(SETTLED)

    await teamPage.goto(`${site.dashboard.server.baseUrl}/app/agents/${agentId}?tab=improve`)
    const card = teamPage.getByTestId('question-to-improve').filter({ hasText: QUESTION })
    await card.waitFor(SETTLED)
    expect(await card.textContent()).toContain('Rated unhelpful')
    expect(await card.textContent()).toContain('Sale items are not mentioned')
    await screenshot(teamPage, 'improve-tab')
    await card.getByRole('button', { name: 'Write the answer' }).click()
    await card.getByLabel('The right answer').fill('Sale items can be returned within 14 days for store credit.')
    await card.getByRole('button', { name: 'Save answer' }).click()
    await teamPage.getByText('Nothing to improve right now').waitFor(SETTLED)
    const texts = await api<{ texts: { text_title: string; job: { job_id: string } | null }[] }>(
      `/agents/${agentId}/texts/`,
      owner.access,
    )
    const written = texts.json.texts.find((text) => text.text_title === QUESTION)
    expect(written?.job).toBeTruthy()
    await waitForJob(written!.job!.job_id)

    const again = await ask(visitorPage, QUESTION)
    expect(await again.textContent()).toContain('within 14 days for store credit')
  })
})
