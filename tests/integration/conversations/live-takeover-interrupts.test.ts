// @database-specific: NOTIFY/LISTEN signals
// Issue 37 item 15: a team member joining a visitor's chat stops the answer the agent is writing there.
// The model's answer is held after its first word (a real OpenAI-compatible stream on 127.0.0.1) while a
// team member joins: the visitor's stream ends with no answer and none of the rest, the words written are
// kept on the question for the team (answer_failure person_joined) and never shown to the visitor, no
// answer is saved, and "joined" is the last thing the visitor's chat says.
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer } from '../../support/accounts.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { openEventStreamClient, type EventStreamClient } from '../../support/event-stream-client.ts'
import { startGatedLlm, type GatedLlm } from '../../support/gated-llm.ts'
import { SECRET_KEY, newIntegration, visitor, UNLIMITED_VISITORS } from '../../support/widget-visitors.ts'

let llm: GatedLlm
let bed: ChatTestbed
let server: Server
let baseUrl: string
let clientKey: string
const streams: EventStreamClient[] = []

beforeAll(async () => {
  llm = await startGatedLlm()
  bed = await startChatTestbed({ SECRET_KEY, ...UNLIMITED_VISITORS, ...llm.config })
  clientKey = (await newIntegration(bed, { human_handoff: true })).client_key
  server = bed.testApp.app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const stream of streams) stream.close()
  server.close()
  await bed.close()
  await llm.close()
})

async function open(url: string, headers: Record<string, string>, body?: unknown) {
  const stream = await openEventStreamClient(url, headers, body)
  streams.push(stream)
  expect(stream.status).toBe(200)
  return stream
}

describe('a team member joining while the agent answers a visitor', () => {
  it('stops the answer: the visitor gets none of the rest, the team keeps what was written', async () => {
    const visit = await visitor(bed.testApp, clientKey)
    const history = await bed.testApp.request
      .get(`/api/conversations/api/chat/${visit.conversationId}/`)
      .set(visit.auth)
    const greeting = history.body.data[0].message_id as string
    const feed = await open(
      `${baseUrl}/api/conversations/api/chat/${visit.conversationId}/live/?after=${greeting}`,
      visit.auth,
    )
    await feed.next('state')

    llm.holdAfterFirstToken()
    const answer = await open(
      `${baseUrl}/api/conversations/api/chat/${visit.conversationId}/?stream=true`,
      visit.auth,
      {
        message_text: 'How long do I have to return a product?',
      },
    )
    expect(await answer.next('token')).toEqual({ text: 'According ' })

    const joined = await bed.testApp.request
      .post(`/api/conversations/${bed.agentId}/${visit.conversationId}/takeover/`)
      .set(bearer(bed.owner.access))
    expect(joined.status).toBe(200)

    // The answer ends now, while the model still holds the rest: no answer, and the model's stream was cut.
    const done = (await answer.next('done')) as { ai_message: unknown; user_message: Record<string, unknown> }
    expect(done.ai_message).toBeNull()
    expect(done.user_message).not.toHaveProperty('partial_answer')
    await llm.abandoned()
    llm.release()
    await answer.ended
    const tokens = answer.seen
      .filter((event) => event.event === 'token')
      .map((event) => (event.data as { text: string }).text)
    expect(tokens.join('')).toBe('According ')
    expect(answer.seen.map((event) => event.event)).not.toContain('error')

    expect(await feed.next('message')).toMatchObject({
      sender_type: 'notice',
      message_text: expect.stringMatching(/joined the chat$/),
    })

    // The team reads the question with what was written, marked as not sent; no answer was saved.
    const team = await bed.testApp.request
      .get(`/api/conversations/${bed.agentId}/${visit.conversationId}/messages/`)
      .set(bearer(bed.owner.access))
    const messages = team.body.data as {
      sender_type: string
      message_text: string
      answer_failure: string | null
      partial_answer: string | null
    }[]
    const question = messages.find((message) => message.sender_type === 'user')
    expect(question).toMatchObject({
      answer_failed: true,
      answer_failure: 'person_joined',
      partial_answer: 'According ',
    })
    expect(messages.filter((message) => message.sender_type === 'ai')).toHaveLength(1) // the greeting alone
    expect(messages.at(-1)).toMatchObject({ sender_type: 'notice' })

    // The visitor's chat, read again: the question, then "joined", and nothing of the answer anywhere.
    const seen = await bed.testApp.request.get(`/api/conversations/api/chat/${visit.conversationId}/`).set(visit.auth)
    const texts = (seen.body.data as { sender_type: string; message_text: string }[]).map((message) => [
      message.sender_type,
      message.message_text,
    ])
    expect(texts.slice(1)).toEqual([
      ['user', 'How long do I have to return a product?'],
      ['notice', expect.stringMatching(/joined the chat$/)],
    ])
    expect(JSON.stringify(seen.body)).not.toContain('According')
  })
})
