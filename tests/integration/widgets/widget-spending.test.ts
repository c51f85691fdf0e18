import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bearer, type SignedUp } from '../../support/accounts.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import type { TestApp } from '../../support/create-test-app.ts'

// What a failed or cut answer costs, and what a refused message may not do.
const SITE = 'https://shop.example.com'
let testApp: TestApp
let llm: ChatTestbed['llm']
let owner: SignedUp
let agentId: string
let testbed: ChatTestbed

beforeAll(async () => {
  testbed = await startChatTestbed({ LLM_TIMEOUT_MS: '400' })
  ;({ testApp, llm, owner, agentId } = testbed)
})
afterAll(async () => testbed.close())

async function visitorWithBudget(budget: number) {
  const integration = await testApp.request
    .post(`/api/agents/${agentId}/integrations/frontend/`)
    .set(bearer(owner.access))
    .send({ website_name: 'Shop', website_domain: 'shop.example.com', daily_token_budget: budget })
  const session = await testApp.request
    .post('/api/conversations/api/start-chat-widget/')
    .set('Origin', SITE)
    .send({ client_key: integration.body.client_key })
  const auth = { Authorization: `Bearer ${session.body.token}`, Origin: SITE }
  const conversation = await testApp.request.post('/api/conversations/api/create/').set(auth).send({})
  return {
    auth,
    path: `/api/conversations/api/chat/${conversation.body.conversation_id}/`,
    integrationId: integration.body.integration_id as string,
  }
}

it('an answer cut by the timeout still counts against the daily budget', async () => {
  const { auth, path } = await visitorWithBudget(20)
  llm.state.mode = 'stall-mid-stream'
  const cut = await testApp.request
    .post(path)
    .set(auth)
    .send({ message_text: 'How long do I have to return a product?' })
  llm.state.mode = 'answer'
  expect(cut.status).toBe(502)
  expect(cut.body.reason).toBe('timeout')
  // The visitor sees their message, not the team's bookkeeping.
  expect(cut.body.user_message.is_read).toBeUndefined()
  const before = llm.requests.length
  const next = await testApp.request.post(path).set(auth).send({ message_text: 'And now?' })
  expect(next.status).toBe(429)
  expect(llm.requests.length).toBe(before)
})

it('a refused message never has its file read or stored', async () => {
  const { auth, path, integrationId } = await visitorWithBudget(1)
  expect((await testApp.request.post(path).set(auth).send({ message_text: 'first' })).status).toBe(200)
  const refused = await testApp.request
    .post(path)
    .set(auth)
    .field('message_text', 'with a file')
    .attach('attachment', Buffer.from('some notes'), 'notes.txt')
  expect(refused.status).toBe(429)
  const folder = join(testApp.config.DATA_DIR, 'files', 'widgets', integrationId)
  expect(() => readdirSync(folder)).toThrow()
})

it('visitors see sources without internal ids', async () => {
  const { auth, path } = await visitorWithBudget(100_000)
  const answered = await testApp.request
    .post(path)
    .set(auth)
    .send({ message_text: 'How long do I have to return a product?' })
  expect(answered.body.ai_message.sources[0]).toEqual({
    number: 1,
    title: 'Returns policy',
    url: null,
    page: null,
    snippet: expect.any(String),
  })
})
