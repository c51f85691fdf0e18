// @database-specific: two switches at once race on the versions
// Issue 37: editing a question that has later turns never destroys them silently. The edit answers 409
// with would_remove unless it carries confirm true; the replaced turns stay as the question's previous
// version, which the user switches back to (and forth). Everything else sees only the version shown.
import { describe, expect, it } from 'vitest'
import { signUp, type SignedUp } from '../../support/accounts.ts'
import {
  as,
  llm,
  ownerWithConversation,
  send,
  testApp,
  usePlanLimitsTestbed,
} from '../../support/plan-limits-testbed.ts'

usePlanLimitsTestbed()

interface Turn {
  user_message: { message_id: string }
  ai_message: { message_id: string }
}
interface Shown {
  message_id: string
  sender_type: string
  message_text: string
  versions: { index: number; count: number } | null
}
interface Chat {
  owner: SignedUp
  agentId: string
  conversationId: string
  turns: Turn[]
}

const QUESTIONS = ['Do you ship abroad?', 'How long is the warranty?', 'Can I pay by card?']

const path = ({ agentId, conversationId }: Pick<Chat, 'agentId' | 'conversationId'>) =>
  `/api/conversations/${agentId}/${conversationId}`
const edit = (chat: Chat, messageId: string, body: object, account: SignedUp = chat.owner) =>
  testApp.request
    .post(`${path(chat)}/${messageId}/update/`)
    .set(as(account))
    .send(body)
const select = (chat: Chat, messageId: string, version: number | string, account: SignedUp = chat.owner) =>
  testApp.request
    .post(`${path(chat)}/${messageId}/versions/${version}/select/`)
    .set(as(account))
    .send({})
const retry = (chat: Chat, messageId: string) =>
  testApp.request
    .post(`${path(chat)}/${messageId}/retry/`)
    .set(as(chat.owner))
    .send({})
async function shown(chat: Chat): Promise<{ data: Shown[]; total: number }> {
  const messages = await testApp.request.get(`${path(chat)}/messages/`).set(as(chat.owner))
  expect(messages.status).toBe(200)
  return messages.body
}
const texts = (messages: Shown[]) => messages.map((message) => message.message_text)

/** An owner's conversation of three turns (six messages). */
async function threeTurns(): Promise<Chat> {
  const { owner, agentId, conversationId } = await ownerWithConversation()
  const turns: Turn[] = []
  for (const question of QUESTIONS) {
    const sent = await send(owner, agentId, conversationId, question)
    expect(sent.status).toBe(200)
    turns.push(sent.body)
  }
  return { owner, agentId, conversationId, turns }
}

// Each test has the agent answer three or four times: more than the usual 30 s on a busy machine.
describe('editing a question that has later turns', { timeout: 120_000 }, () => {
  it('answers 409 with would_remove, naming how many messages would go, and changes nothing', async () => {
    const chat = await threeTurns()
    const before = await shown(chat)
    const first = chat.turns[0]!.user_message.message_id

    const refused = await edit(chat, first, { message_text: 'Do you ship to Canada?' })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      error: 'CONFLICT',
      would_remove: 5,
      message: 'Editing this question replaces the 5 messages after it. You can switch back to the earlier version.',
    })
    expect((await edit(chat, first, { message_text: 'Do you ship to Canada?', confirm: false })).status).toBe(409)
    expect(await shown(chat)).toEqual(before)
    expect(texts(before.data)[1]).toBe('Do you ship abroad?')
  })

  it('with confirm true keeps the replaced turns as the previous version, which switching back restores', async () => {
    const chat = await threeTurns()
    const before = await shown(chat)
    const first = chat.turns[0]!.user_message.message_id

    const edited = await edit(chat, first, { message_text: 'Do you ship to Canada?', confirm: true })
    expect(edited.status).toBe(200)
    expect(edited.body.data).toMatchObject({
      message_id: first,
      message_text: 'Do you ship to Canada?',
      versions: { index: 2, count: 2 },
    })
    // After the agent's greeting, only the edited question is left, waiting for its answer.
    expect((await shown(chat)).data.slice(1)).toMatchObject([
      { message_id: first, message_text: 'Do you ship to Canada?', versions: { index: 2, count: 2 } },
    ])
    const answered = await retry(chat, first)
    expect(answered.status).toBe(200)
    const newBranch = await shown(chat)
    expect(newBranch.data.slice(1).map((message) => message.message_id)).toEqual([
      first,
      answered.body.ai_message.message_id,
    ])

    const back = await select(chat, first, 1)
    expect(back.status).toBe(200)
    expect(back.body.data).toMatchObject({ message_text: 'Do you ship abroad?', versions: { index: 1, count: 2 } })
    const restored = await shown(chat)
    expect(texts(restored.data)).toEqual(texts(before.data))
    // The same answers and later questions come back, not copies of them.
    expect(restored.data.slice(2).map((message) => message.message_id)).toEqual(
      before.data.slice(2).map((message) => message.message_id),
    )
    expect(restored.data[1]!.versions).toEqual({ index: 1, count: 2 })

    // Forth again, from either version's id.
    expect((await select(chat, back.body.data.message_id, 2)).status).toBe(200)
    expect(await shown(chat)).toEqual(newBranch)
    expect((await select(chat, first, 3)).status).toBe(404)
    expect((await select(chat, first, 'two')).status).toBe(404)
  })

  it('keeps the old answer of the last question as a version without asking: no later turn goes', async () => {
    const chat = await threeTurns()
    const last = chat.turns[2]!
    const edited = await edit(chat, last.user_message.message_id, { message_text: 'Can I pay by PayPal?' })
    expect(edited.status).toBe(200)
    expect(edited.body.data.versions).toEqual({ index: 2, count: 2 })
    expect((await select(chat, last.user_message.message_id, 1)).status).toBe(200)
    expect((await shown(chat)).data.at(-1)!.message_id).toBe(last.ai_message.message_id)
  })

  it('shows the model, the message count and the export only the version shown', async () => {
    const chat = await threeTurns()
    const first = chat.turns[0]!.user_message.message_id
    expect((await edit(chat, first, { message_text: 'Do you ship to Canada?', confirm: true })).status).toBe(200)
    expect((await retry(chat, first)).status).toBe(200)
    const sentToModel = () => JSON.stringify(llm.requests.at(-1)?.messages)
    expect(sentToModel()).toContain('Canada')
    expect(sentToModel()).not.toContain('warranty')

    expect((await select(chat, first, 1)).status).toBe(200)
    expect((await send(chat.owner, chat.agentId, chat.conversationId, 'And to Mexico?')).status).toBe(200)
    expect(sentToModel()).toContain('warranty')
    expect(sentToModel()).not.toContain('Canada')
    const after = await shown(chat)
    // The agent's greeting, three turns and the new one.
    expect(after.total).toBe(9)

    const exported = await testApp.request.get(`/api/agents/${chat.agentId}/conversations/export/`).set(as(chat.owner))
    expect(exported.status).toBe(200)
    const file = JSON.parse(exported.text) as { conversations: { messages: { text: string }[] }[] }
    expect(file.conversations.flatMap((conversation) => conversation.messages.map((message) => message.text))).toEqual(
      texts(after.data),
    )
    const listed = await testApp.request.get(`/api/conversations/${chat.agentId}/`).set(as(chat.owner))
    expect(listed.body.data[0].last_message).toBe(after.data.at(-1)!.message_text)
  })

  it('two switches at once leave one version shown, each message once', async () => {
    const chat = await threeTurns()
    const first = chat.turns[0]!.user_message.message_id
    const before = await shown(chat)
    expect((await edit(chat, first, { message_text: 'Do you ship to Canada?', confirm: true })).status).toBe(200)
    const switches = await Promise.all([select(chat, first, 1), select(chat, first, 1)])
    expect(switches.map((answer) => answer.status)).toEqual([200, 200])
    expect(texts((await shown(chat)).data)).toEqual(texts(before.data))
  })

  it('answers 404 to another account, and 400 naming a field the switch does not take', async () => {
    const chat = await threeTurns()
    const first = chat.turns[0]!.user_message.message_id
    const stranger = await signUp(testApp)
    expect((await select(chat, first, 1, stranger)).status).toBe(404)
    expect((await edit(chat, first, { message_text: 'Mine now', confirm: true }, stranger)).status).toBe(404)
    const extra = await testApp.request
      .post(`${path(chat)}/${first}/versions/1/select/`)
      .set(as(chat.owner))
      .send({ version: 2 })
    expect(extra.status).toBe(400)
    expect(JSON.stringify(extra.body)).toContain('version')
    expect(texts((await shown(chat)).data)[1]).toBe('Do you ship abroad?')
  })
})
