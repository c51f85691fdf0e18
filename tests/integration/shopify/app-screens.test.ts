import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OFFLINE_MODEL } from '../../../server/chat/answering/answer-question.ts'
import { CONVERSATION_MESSAGES } from '../../../server/conversations/conversations.schemas.ts'
import { GREETING } from '../../../server/conversations/create-conversation.ts'
import { BROWSER, startEmbeddedAppTestbed, type EmbeddedAppTestbed } from './embedded-app-testbed.ts'

// The embedded Playground and Conversations screens through the real Express server and the built React
// Router app. The Playground is the dashboard's chat, which calls the JSON API with the admin's session
// token: a chat started and answered that way (by the offline answerer: no LLM is configured) is read
// back in the Conversations screen; another account's agents and conversations stay out of reach.
const STORE = 'agentdesk-screens'
const SHOP = `${STORE}.myshopify.com`

let bed: EmbeddedAppTestbed
let testDatabase: EmbeddedAppTestbed['testDatabase']
let accountId: string

beforeAll(async () => {
  bed = await startEmbeddedAppTestbed({
    store: STORE,
    profile: { name: 'Screen Gear', email: 'owner@screen-gear.example', primaryDomain: 'https://screen-gear.example' },
  })
  testDatabase = bed.testDatabase
  // Opening the app exchanges the session token and makes the shop account.
  const opened = await bed
    .request()
    .get(`/shopify/app?${bed.adminQuery(await bed.sessionToken())}`)
    .set('User-Agent', BROWSER)
  expect(opened.status).toBe(200)
  accountId = (await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } }))
    .accountId
}, 120_000)

afterAll(async () => {
  await bed?.close()
})

const request = () => bed.request()
const sessionToken = () => bed.sessionToken()
const adminQuery = (idToken?: string) => bed.adminQuery(idToken)
const fetchData = async (path: string) =>
  request()
    .get(path)
    .set('User-Agent', BROWSER)
    .set('Authorization', `Bearer ${await sessionToken()}`)
/** Calls of the embedded screens: the JSON API with the admin's session token. */
const getApi = async (path: string) =>
  request()
    .get(`/api${path}`)
    .set('Authorization', `Bearer ${await sessionToken()}`)
const callApi = async (path: string, body: Record<string, string>) =>
  request()
    .post(`/api${path}`)
    .set('Authorization', `Bearer ${await sessionToken()}`)
    .send(body)
const messagesOf = (conversationId: string) =>
  testDatabase.database.prisma.message.findMany({ where: { conversationId }, orderBy: { createdAt: 'asc' } })

describe('the Playground and Conversations screens', () => {
  let agentId: string
  let conversationId: string

  it('starts a conversation with an agent of the shop account, greeted by the agent', async () => {
    agentId = (await testDatabase.database.prisma.agent.create({ data: { accountId, name: 'Gear guide' } })).id
    const started = await callApi('/conversations/create/', { name: 'Chat with Gear guide', agent_id: agentId })
    expect(started.status).toBe(201)
    const conversation = await testDatabase.database.prisma.conversation.findFirstOrThrow({ where: { agentId } })
    expect(conversation).toMatchObject({
      accountId,
      name: 'Chat with Gear guide',
      channel: 'dashboard',
      startedByUserId: accountId,
    })
    conversationId = conversation.id
    expect((await messagesOf(conversationId)).map((message) => message.text)).toEqual([GREETING])
  })

  it('sends a trimmed message and stores the answer of the offline answerer', async () => {
    const sent = await callApi(`/conversations/chat/${agentId}/${conversationId}/`, {
      message_text: '   Do you ship <b>to</b> Canada?  ',
    })
    expect(sent.status).toBe(200)
    const messages = await messagesOf(conversationId)
    expect(messages.map((message) => message.senderType)).toEqual(['ai', 'user', 'ai'])
    expect(messages[1]?.text).toBe('Do you ship <b>to</b> Canada?')
    expect(messages[2]).toMatchObject({ model: OFFLINE_MODEL, replyToId: messages[1]?.id })
    expect(messages[2]?.text.length).toBeGreaterThan(0)
  })

  it("the Playground screen offers the shop account's agents, the chosen one kept in the address", async () => {
    const page = await request()
      .get(`/shopify/app/playground?${adminQuery(await sessionToken())}&agent=${agentId}`)
      .set('User-Agent', BROWSER)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Gear guide')
    expect(page.text).toContain(`value="${agentId}" selected`)
  })

  it('refuses an empty message and stores nothing', async () => {
    const before = (await messagesOf(conversationId)).length
    const refused = await callApi(`/conversations/chat/${agentId}/${conversationId}/`, { message_text: '   ' })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain(CONVERSATION_MESSAGES.textRequired)
    expect(await messagesOf(conversationId)).toHaveLength(before)
  })

  it('the Conversations screen answers; its list and messages come from the API with the session token', async () => {
    const page = await request()
      .get(`/shopify/app/conversations?${adminQuery(await sessionToken())}`)
      .set('User-Agent', BROWSER)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Conversations')
    const list = await getApi('/conversations/index/')
    expect(list.status).toBe(200)
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: conversationId,
        name: 'Chat with Gear guide',
        channel: 'dashboard',
        agent_id: agentId,
      }),
    ])
    const messages = await getApi(`/conversations/${agentId}/${conversationId}/messages/`)
    expect(messages.body.data.map((message: { message_text: string }) => message.message_text)).toEqual([
      GREETING,
      'Do you ship <b>to</b> Canada?',
      expect.any(String),
    ])
  })

  it('filters and searches the list', async () => {
    const names = async (query: string) =>
      (await getApi(`/conversations/index/?${query}`)).body.data.map(
        (conversation: { name: string }) => conversation.name,
      )
    expect(await names('search=canada')).toEqual(['Chat with Gear guide'])
    expect(await names('search=nothing-like-this')).toEqual([])
    expect(await names('filter=archived')).toEqual([])
    await testDatabase.database.prisma.conversation.update({
      where: { id: conversationId },
      data: { isFavorite: true },
    })
    expect(await names('filter=favorite')).toEqual(['Chat with Gear guide'])
  })

  it("refuses another account's agent and keeps its conversations out of both screens", async () => {
    const { prisma } = testDatabase.database
    const stranger = await prisma.user.create({ data: { email: 'stranger@screens.example', fullName: 'Stranger' } })
    const theirs = await prisma.agent.create({ data: { accountId: stranger.id, name: 'Not yours' } })
    const refused = await callApi('/conversations/create/', { name: 'Sneaking in', agent_id: theirs.id })
    expect(refused.status).toBe(404)
    expect(refused.body.detail).toBe(CONVERSATION_MESSAGES.agentMissing)
    expect(await prisma.conversation.count({ where: { agentId: theirs.id } })).toBe(0)

    const theirChat = await prisma.conversation.create({
      data: {
        accountId: stranger.id,
        agentId: theirs.id,
        name: 'Their private chat',
        channel: 'widget',
        messages: { create: { senderType: 'user', text: 'A secret of theirs' } },
      },
    })
    const sendInto = await callApi(`/conversations/chat/${theirs.id}/${theirChat.id}/`, { message_text: 'Let me in' })
    expect(sendInto.status).toBe(404)
    expect(await messagesOf(theirChat.id)).toHaveLength(1)

    const list = await getApi('/conversations/index/')
    expect(JSON.stringify(list.body)).not.toContain('Their private chat')
    expect((await getApi(`/conversations/${theirs.id}/${theirChat.id}/messages/`)).status).toBe(404)
    expect((await getApi(`/conversations/${theirChat.id}/`)).status).toBe(404)
    const playground = await fetchData(`/shopify/app/playground.data?agent=${theirs.id}&conversation=${theirChat.id}`)
    expect(playground.text).not.toContain('A secret of theirs')
    expect(playground.text).not.toContain('Not yours')
  })
})
