// @database-specific: NOTIFY between processes
// Issue 37 item 15 across processes: two server processes on one PostgreSQL. The agent's answer streams
// to the visitor from one process (the model holds it after its first word) while a team member joins
// through the other: the join, heard through NOTIFY, stops the answer there, the visitor gets none of the
// rest, what was written is kept for the team, and "joined" is the last thing the visitor's chat says.
// PostgreSQL only: PGlite serves a single process.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../../../server/db/database.ts'
import { callApi, registerAccount } from '../../support/call-api.ts'
import { createDatabaseLocation, openDatabaseAt, type DatabaseLocation } from '../../support/create-test-database.ts'
import { openEventStreamClient, type EventStreamClient } from '../../support/event-stream-client.ts'
import { startGatedLlm, type GatedLlm } from '../../support/gated-llm.ts'
import { spawnServer, type SpawnedServer } from '../../support/spawn-server.ts'

const SITE = 'https://shop.example.com'

describe.runIf(inject('databaseKind') === 'postgres')(
  'a join on one process stops an answer streaming from another',
  () => {
    const servers: SpawnedServer[] = []
    const streams: EventStreamClient[] = []
    let llm: GatedLlm
    let location: DatabaseLocation
    let database: Database
    let access: string
    let agentId: string
    let clientKey: string

    beforeAll(async () => {
      llm = await startGatedLlm()
      location = await createDatabaseLocation()
      const env = {
        DATA_DIR: location.DATA_DIR,
        DATABASE_URL: location.DATABASE_URL,
        SECRET_KEY: 'two-process-live-takeover-secret-key-0123456789',
        WORKER_IN_SERVER: 'false',
        ...llm.config,
      }
      servers.push(await spawnServer(env))
      servers.push(await spawnServer(env))
      database = await openDatabaseAt(location)
      access = (
        await registerAccount(servers[0]!.baseUrl, {
          email: `interrupt-${Date.now()}@example.com`,
          password: 'Correct-Horse-9',
          full_name: 'Dana Owner',
        })
      ).access
      agentId = (await callApi<{ agent_id: string }>(servers[0]!.baseUrl, access, '/agents/create/', { name: 'Desk' }))
        .agent_id
      clientKey = (
        await callApi<{ client_key: string }>(
          servers[0]!.baseUrl,
          access,
          `/agents/${agentId}/integrations/frontend/`,
          {
            website_name: 'Shop',
            website_domain: 'shop.example.com',
            human_handoff: true,
          },
        )
      ).client_key
    })
    afterAll(async () => {
      for (const stream of streams) stream.close()
      for (const server of servers.splice(0)) {
        server.child.kill('SIGKILL')
        await server.exited
      }
      await database?.close()
      await location?.destroy()
      await llm?.close()
    })

    async function open(url: string, headers: Record<string, string>, body?: unknown) {
      const stream = await openEventStreamClient(url, headers, body)
      streams.push(stream)
      expect(stream.status).toBe(200)
      return stream
    }

    it('ends the visitor’s answer on process A when a team member joins on process B', async () => {
      const [a, b] = [servers[0]!, servers[1]!]
      const started = await fetch(`${a.baseUrl}/api/conversations/api/start-chat-widget/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE },
        body: JSON.stringify({ client_key: clientKey }),
      })
      const { token } = (await started.json()) as { token: string }
      const auth = { Authorization: `Bearer ${token}`, Origin: SITE }
      const created = await fetch(`${a.baseUrl}/api/conversations/api/create/`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: '{}',
      })
      const { conversation_id: conversationId, ai_message: greeting } = (await created.json()) as {
        conversation_id: string
        ai_message: { message_id: string }
      }
      const feed = await open(
        `${a.baseUrl}/api/conversations/api/chat/${conversationId}/live/?after=${greeting.message_id}`,
        auth,
      )
      await feed.next('state')

      llm.holdAfterFirstToken()
      const answer = await open(`${a.baseUrl}/api/conversations/api/chat/${conversationId}/?stream=true`, auth, {
        message_text: 'How long do I have to return a product?',
      })
      expect(await answer.next('token', 15_000)).toEqual({ text: 'According ' })
      await callApi(b.baseUrl, access, `/conversations/${agentId}/${conversationId}/takeover/`, {})

      const done = (await answer.next('done', 15_000)) as { ai_message: unknown }
      expect(done.ai_message).toBeNull()
      await llm.abandoned()
      llm.release()
      await answer.ended
      const tokens = answer.seen
        .filter((event) => event.event === 'token')
        .map((event) => (event.data as { text: string }).text)
      expect(tokens.join('')).toBe('According ')
      expect(await feed.next('message', 15_000)).toMatchObject({
        sender_type: 'notice',
        message_text: 'Dana joined the chat',
      })

      const messages = await database.prisma.message.findMany({
        where: { conversationId },
        orderBy: { createdAt: 'asc' },
      })
      expect(messages.map((message) => message.senderType)).toEqual(['ai', 'user', 'notice'])
      expect(messages[1]).toMatchObject({
        answerError: 'person_joined',
        partialAnswer: 'According ',
        answerOwner: null,
      })
      const seen = await fetch(`${a.baseUrl}/api/conversations/api/chat/${conversationId}/`, { headers: auth })
      const history = (await seen.json()) as { data: { sender_type: string; message_text: string }[] }
      expect(history.data.at(-1)).toMatchObject({ sender_type: 'notice', message_text: 'Dana joined the chat' })
      expect(JSON.stringify(history)).not.toContain('According')
    })
  },
)
