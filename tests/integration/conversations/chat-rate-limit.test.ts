import { afterAll, beforeAll, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'

let testApp: TestApp
let owner: SignedUp
let other: SignedUp

beforeAll(async () => {
  testApp = await createTestApp({ CHAT_RATE_LIMIT_PER_MINUTE: '2' })
  owner = await signUp(testApp)
  other = await signUp(testApp, { email: 'other@example.com' })
})
afterAll(async () => testApp.cleanup())

it('limits each user’s chat messages per minute, across conversations, with Retry-After', async () => {
  const start = async (account: SignedUp) => {
    const agentId = await createAgentFor(testApp, account, 'Limited')
    const created = await testApp.request
      .post('/api/conversations/create/')
      .set(bearer(account.access))
      .send({ name: 'Chat', agent_id: agentId })
    return `/api/conversations/chat/${agentId}/${created.body.conversation_id}/`
  }
  const mine = await start(owner)
  const theirs = await start(other)
  expect((await testApp.request.post(mine).set(bearer(owner.access)).send({ message_text: 'one' })).status).toBe(200)
  expect((await testApp.request.post(mine).set(bearer(owner.access)).send({ message_text: 'two' })).status).toBe(200)
  const blocked = await testApp.request.post(mine).set(bearer(owner.access)).send({ message_text: 'three' })
  expect(blocked.status).toBe(429)
  expect(blocked.body.message).toMatch(/^Too many messages\. Please try again in \d+ seconds\.$/)
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
  expect((await testApp.request.post(theirs).set(bearer(other.access)).send({ message_text: 'one' })).status).toBe(200)
})
