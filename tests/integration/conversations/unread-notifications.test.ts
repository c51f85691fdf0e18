import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import type { ChatTestbed } from '../../support/chat-testbed.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { chat, newIntegration, startWidgetTestbed, visitor } from '../../support/widget-visitors.ts'

// Issue 19, the bell tells the truth: visitors waiting with unread messages are in the header's
// notifications, each opening its conversation, for the people who see the agent and no one else, until
// the conversation is read.
let testbed: ChatTestbed
let testApp: TestApp
let owner: SignedUp
let stranger: SignedUp
beforeAll(async () => {
  testbed = await startWidgetTestbed()
  ;({ testApp, owner } = testbed)
  stranger = await signUp(testApp)
})
afterAll(() => testbed.close())

const conversationNotices = async (account: SignedUp) => {
  const response = await testApp.request.get('/api/notifications/').set(bearer(account.access))
  expect(response.status).toBe(200)
  return (response.body.notifications as { kind: string; title: string; message: string; action_url: string }[]).filter(
    (notification) => notification.kind === 'conversation',
  )
}

describe('unread visitor conversations in the bell', () => {
  it('names a waiting visitor’s conversation, opens it, and is gone once it is read', async () => {
    expect(await conversationNotices(owner)).toEqual([])
    const { client_key } = await newIntegration(testbed)
    const { auth, conversationId } = await visitor(testApp, client_key)
    expect((await chat(testApp, auth, conversationId, 'Do you ship to Norway?')).status).toBe(200)

    const [notice, ...others] = await conversationNotices(owner)
    expect(others).toEqual([])
    expect(notice).toMatchObject({
      level: 'info',
      title: 'A visitor is waiting for Shop helper',
      action_url: `/app/conversations?conversation=${conversationId}`,
    })
    expect(notice?.message).toMatch(/: /)
    expect(await conversationNotices(stranger)).toEqual([])

    const read = await testApp.request.put(`/api/conversations/${conversationId}/read/`).set(bearer(owner.access))
    expect(read.status).toBe(200)
    expect(await conversationNotices(owner)).toEqual([])
  })

  it('names the five newest and counts the rest in one line', async () => {
    // One site each: a widget takes only so many messages a minute.
    for (let index = 0; index < 7; index += 1) {
      const site = `many${index}.example.com`
      const { client_key } = await newIntegration(testbed, { website_domain: site })
      const { auth, conversationId } = await visitor(testApp, client_key, `https://${site}`)
      expect((await chat(testApp, auth, conversationId, `Question ${index}`)).status).toBe(200)
    }
    const notices = await conversationNotices(owner)
    expect(notices).toHaveLength(6)
    expect(notices.at(-1)).toMatchObject({
      title: '2 more conversations with unread messages',
      action_url: '/app/conversations',
      count: 2,
    })
  })
})
