import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fitsPhone, MOBILE, screenshot, SETTLED } from '../support/dashboard-browser.ts'
import { startFakeLlm } from '../support/fake-llm.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { startSpawnedDashboard, type SpawnedDashboard } from '../support/spawned-dashboard.ts'
import { accountsOn, OWNER } from './account-owner.ts'

// Issue 37 in Chromium, at a phone's width, against the real server: saving an edit of a question that has
// later turns asks first, naming how many messages it replaces; once confirmed, the question shows
// ‹ 2 / 2 › and switching to 1 / 2 brings the earlier words and the turns after them back.
let dashboard: SpawnedDashboard
let llm: Awaited<ReturnType<typeof startFakeLlm>>
let page: Page
let agentId: string
let conversationId: string
const problems: string[] = []
const { api, register, signedInContext } = accountsOn(() => dashboard)

beforeAll(async () => {
  llm = await startFakeLlm()
  dashboard = await startSpawnedDashboard(llm.config)
  const owner = await register(OWNER)
  agentId = (await api<{ agent_id: string }>('/agents/create/', owner.access, { name: 'Store Helper' })).json.agent_id
  conversationId = (
    await api<{ conversation_id: string }>('/conversations/create/', owner.access, {
      name: 'Chat',
      agent_id: agentId,
    })
  ).json.conversation_id
  for (const question of ['Do you ship abroad?', 'How long is the warranty?']) {
    const sent = await api(`/conversations/chat/${agentId}/${conversationId}/`, owner.access, {
      message_text: question,
    })
    if (sent.status !== 200) throw new Error(`not answered: ${JSON.stringify(sent.json)}`)
  }
  page = await (await signedInContext(owner, MOBILE)).newPage()
  page.on('pageerror', (error) => problems.push(error.message))
  // A server, Chromium and two answers: more than a minute on a busy machine.
}, 180_000)

afterAll(async () => {
  await dashboard?.close()
  await llm?.close()
})

reportBrowserFailures({ page: () => page, server: () => dashboard.server, problems })

describe("editing a question in the agent's Chat tab", () => {
  it(
    'asks before replacing the later turns, and keeps them as a version to switch back to',
    { timeout: 180_000 },
    async () => {
      await page.goto(`${dashboard.server.baseUrl}/app/agents/${agentId}?tab=chat&conversation=${conversationId}`)
      const questions = page.getByTestId('message-user')
      await expect.poll(() => questions.count(), SETTLED).toBe(2)

      await page.getByRole('button', { name: 'Edit message' }).first().click()
      await page.getByRole('textbox', { name: 'Edit message' }).fill('Do you ship to Canada?')
      await page.getByRole('button', { name: 'Save' }).click()
      const dialog = page.getByRole('dialog')
      await expect
        .poll(() => dialog.textContent(), SETTLED)
        .toContain('This replaces the 3 messages after it. You can switch back to the earlier version.')
      await screenshot(page, 'edit-replaces-later-turns-phone')
      // Cancel changes nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect.poll(() => dialog.count(), SETTLED).toBe(0)
      expect(await questions.allTextContents()).toEqual([
        expect.stringContaining('Do you ship abroad?'),
        expect.stringContaining('How long is the warranty?'),
      ])

      await page.getByRole('button', { name: 'Edit message' }).first().click()
      await page.getByRole('textbox', { name: 'Edit message' }).fill('Do you ship to Canada?')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Edit and replace' }).click()
      const versions = page.getByRole('group', { name: 'Versions of this question' })
      await expect.poll(() => versions.textContent(), SETTLED).toContain('2 / 2')
      await expect.poll(() => questions.count(), SETTLED).toBe(1)
      expect(await questions.first().textContent()).toContain('Do you ship to Canada?')
      // The edited question is answered again.
      await expect.poll(() => page.getByTestId('message-ai').count(), SETTLED).toBe(2)
      await fitsPhone(page)
      await screenshot(page, 'edited-question-version-2-phone')

      await versions.getByRole('button', { name: 'Previous version' }).click()
      await expect.poll(() => versions.textContent(), SETTLED).toContain('1 / 2')
      await expect.poll(() => questions.count(), SETTLED).toBe(2)
      expect(await questions.allTextContents()).toEqual([
        expect.stringContaining('Do you ship abroad?'),
        expect.stringContaining('How long is the warranty?'),
      ])
      expect(await versions.getByRole('button', { name: 'Previous version' }).isDisabled()).toBe(true)
      await versions.getByRole('button', { name: 'Next version' }).click()
      await expect.poll(() => questions.count(), SETTLED).toBe(1)
      expect(await questions.first().textContent()).toContain('Do you ship to Canada?')
      expect(problems).toEqual([])
    },
  )
})
