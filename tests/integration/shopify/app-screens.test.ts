import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OFFLINE_MODEL } from '../../../server/chat/answering/answer-question.ts'
import { CONVERSATION_MESSAGES } from '../../../server/conversations/conversations.schemas.ts'
import { GREETING } from '../../../server/conversations/create-conversation.ts'
import { BROWSER, startEmbeddedAppTestbed, type EmbeddedAppTestbed } from './embedded-app-testbed.ts'

// The embedded Playground and Conversations screens through the real Express server and the built React
// Router app: a chat started and answered (by the offline answerer: no LLM is configured), then read
// back in the conversation list; another account's agents and conversations stay out of reach.
const STORE = 'agentdesk-screens'
const SHOP = `${STORE}.myshopify.com`

let bed: EmbeddedAppTestbed
let testDatabase: EmbeddedAppTestbed['testDatabase']
let accountId: string

beforeAll(async () => {
  bed = await startEmbeddedAppTestbed({ store: STORE, profile: { name: 'Screen Gear', email: 'owner@screen-gear.example', primaryDomain: 'https://screen-gear.example' } })
  testDatabase = bed.testDatabase
  // Opening the app exchanges the session token and makes the shop account.
  const opened = await bed.request().get(`/shopify/app?${bed.adminQuery(await bed.sessionToken())}`).set('User-Agent', BROWSER)
  expect(opened.status).toBe(200)
  accountId = (await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } })).accountId
}, 120_000)

afterAll(async () => {
  await bed?.close()
})

const request = () => bed.request()
const sessionToken = () => bed.sessionToken()
const adminQuery = (idToken?: string) => bed.adminQuery(idToken)
const fetchData = async (path: string) => request().get(path).set('User-Agent', BROWSER).set('Authorization', `Bearer ${await sessionToken()}`)
const postPlayground = async (form: Record<string, string>) =>
  request().post('/shopify/app/playground.data').set('User-Agent', BROWSER).set('Authorization', `Bearer ${await sessionToken()}`).type('form').send(form)
const messagesOf = (conversationId: string) => testDatabase.database.prisma.message.findMany({ where: { conversationId }, orderBy: { createdAt: 'asc' } })

describe('the Playground and Conversations screens', () => {
  let agentId: string
  let conversationId: string

  it('starts a conversation with an agent of the shop account, greeted by the agent', async () => {
    agentId = (await testDatabase.database.prisma.agent.create({ data: { accountId, name: 'Gear guide' } })).id
    const started = await postPlayground({ intent: 'start', agent_id: agentId })
    expect(started.status).toBeLessThan(400)
    const conversation = await testDatabase.database.prisma.conversation.findFirstOrThrow({ where: { agentId } })
    expect(conversation).toMatchObject({ accountId, name: 'Chat with Gear guide', channel: 'dashboard', startedByUserId: accountId })
    conversationId = conversation.id
    // The action sends the screen on to the new conversation.
    expect(started.text).toContain(`conversation=${conversationId}`)
    const shown = await fetchData(`/shopify/app/playground.data?agent=${agentId}&conversation=${conversationId}`)
    expect(shown.status).toBe(200)
    expect(shown.text).toContain(GREETING)
  })

  it('sends a trimmed message and stores the answer of the offline answerer', async () => {
    const sent = await postPlayground({ intent: 'send', agent_id: agentId, conversation_id: conversationId, message_text: '   Do you ship <b>to</b> Canada?  ' })
    expect(sent.status).toBe(200)
    expect(sent.text).not.toContain('error')
    const messages = await messagesOf(conversationId)
    expect(messages.map((message) => message.senderType)).toEqual(['ai', 'user', 'ai'])
    expect(messages[1]?.text).toBe('Do you ship <b>to</b> Canada?')
    expect(messages[2]).toMatchObject({ model: OFFLINE_MODEL, replyToId: messages[1]?.id })
    expect(messages[2]?.text.length).toBeGreaterThan(0)
  })

  it('shows the chat in the page, its text as text', async () => {
    const page = await request()
      .get(`/shopify/app/playground?${adminQuery(await sessionToken())}&agent=${agentId}&conversation=${conversationId}`)
      .set('User-Agent', BROWSER)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Do you ship &lt;b&gt;to&lt;/b&gt; Canada?')
    expect(page.text).not.toContain('<b>to</b>')
    expect(page.text).toContain('Gear guide')
  })

  it('refuses an empty message and stores nothing', async () => {
    const before = (await messagesOf(conversationId)).length
    const refused = await postPlayground({ intent: 'send', agent_id: agentId, conversation_id: conversationId, message_text: '   ' })
    expect(refused.text).toContain(CONVERSATION_MESSAGES.textRequired)
    expect(await messagesOf(conversationId)).toHaveLength(before)
  })

  it('lists the conversation, with its channel, and opens it read-only', async () => {
    const list = await fetchData('/shopify/app/conversations.data')
    expect(list.status).toBe(200)
    expect(list.text).toContain('Chat with Gear guide')
    expect(list.text).toContain('dashboard')
    const opened = await fetchData(`/shopify/app/conversations.data?conversation=${conversationId}`)
    expect(opened.text).toContain('Do you ship <b>to</b> Canada?')
    expect(opened.text).toContain(GREETING)
    const page = await request()
      .get(`/shopify/app/conversations?${adminQuery(await sessionToken())}&conversation=${conversationId}`)
      .set('User-Agent', BROWSER)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Do you ship &lt;b&gt;to&lt;/b&gt; Canada?')
    expect(page.text).toContain('Dashboard')
  })

  it('filters and searches the list', async () => {
    expect((await fetchData('/shopify/app/conversations.data?search=canada')).text).toContain('Chat with Gear guide')
    expect((await fetchData('/shopify/app/conversations.data?search=nothing-like-this')).text).not.toContain('Chat with Gear guide')
    expect((await fetchData('/shopify/app/conversations.data?filter=archived')).text).not.toContain('Chat with Gear guide')
    await testDatabase.database.prisma.conversation.update({ where: { id: conversationId }, data: { isFavorite: true } })
    expect((await fetchData('/shopify/app/conversations.data?filter=favorite')).text).toContain('Chat with Gear guide')
  })

  it("refuses another account's agent and keeps its conversations out of both screens", async () => {
    const { prisma } = testDatabase.database
    const stranger = await prisma.user.create({ data: { email: 'stranger@screens.example', fullName: 'Stranger' } })
    const theirs = await prisma.agent.create({ data: { accountId: stranger.id, name: 'Not yours' } })
    const refused = await postPlayground({ intent: 'start', agent_id: theirs.id })
    expect(refused.text).toContain(CONVERSATION_MESSAGES.agentMissing)
    expect(await prisma.conversation.count({ where: { agentId: theirs.id } })).toBe(0)

    const theirChat = await prisma.conversation.create({
      data: { accountId: stranger.id, agentId: theirs.id, name: 'Their private chat', channel: 'widget', messages: { create: { senderType: 'user', text: 'A secret of theirs' } } },
    })
    const sendInto = await postPlayground({ intent: 'send', agent_id: theirs.id, conversation_id: theirChat.id, message_text: 'Let me in' })
    expect(sendInto.text).toContain(CONVERSATION_MESSAGES.notFound)
    expect(await messagesOf(theirChat.id)).toHaveLength(1)

    const list = await fetchData(`/shopify/app/conversations.data?conversation=${theirChat.id}`)
    expect(list.status).toBe(200)
    expect(list.text).not.toContain('Their private chat')
    expect(list.text).not.toContain('A secret of theirs')
    const playground = await fetchData(`/shopify/app/playground.data?agent=${theirs.id}&conversation=${theirChat.id}`)
    expect(playground.text).not.toContain('A secret of theirs')
    expect(playground.text).not.toContain('Not yours')
  })
})
