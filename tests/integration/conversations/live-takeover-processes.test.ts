// @database-specific: NOTIFY between processes, raw SQL
// Issue 21, live takeover across processes: two server processes on one PostgreSQL. A team member joins
// and writes through one process while the visitor's widget streams from the other, and the visitor's
// words reach the team member's live view the other way round; when the database drops the connection a
// process listens on, it listens again and nothing sent afterwards is lost. PostgreSQL only: PGlite
// serves a single process.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../../../server/db/database.ts'
import { callApi, registerAccount } from '../../support/call-api.ts'
import { createDatabaseLocation, openDatabaseAt, type DatabaseLocation } from '../../support/create-test-database.ts'
import { openEventStreamClient, type EventStreamClient } from '../../support/event-stream-client.ts'
import { spawnServer, type SpawnedServer } from '../../support/spawn-server.ts'

const SITE = 'https://shop.example.com'

describe.runIf(inject('databaseKind') === 'postgres')('live takeover with two server processes', () => {
  const servers: SpawnedServer[] = []
  const streams: EventStreamClient[] = []
  let location: DatabaseLocation
  let database: Database
  let access: string
  let agentId: string
  let clientKey: string

  beforeAll(async () => {
    location = await createDatabaseLocation()
    const env = {
      DATA_DIR: location.DATA_DIR,
      DATABASE_URL: location.DATABASE_URL,
      SECRET_KEY: 'two-process-live-takeover-secret-key-0123456789',
      WORKER_IN_SERVER: 'false',
    }
    servers.push(await spawnServer(env))
    servers.push(await spawnServer(env))
    database = await openDatabaseAt(location)
    access = (
      await registerAccount(servers[0]!.baseUrl, {
        email: `live-${Date.now()}@example.com`,
        password: 'Correct-Horse-9',
        full_name: 'Dana Owner',
      })
    ).access
    agentId = (await callApi<{ agent_id: string }>(servers[0]!.baseUrl, access, '/agents/create/', { name: 'Desk' }))
      .agent_id
    clientKey = (
      await callApi<{ client_key: string }>(servers[0]!.baseUrl, access, `/agents/${agentId}/integrations/frontend/`, {
        website_name: 'Shop',
        website_domain: 'shop.example.com',
        human_handoff: true,
      })
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
  })

  /** A visitor of the shop on `server`: its session, its conversation and the headers its page sends. */
  async function visitorOn(server: SpawnedServer) {
    const started = await fetch(`${server.baseUrl}/api/conversations/api/start-chat-widget/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      body: JSON.stringify({ client_key: clientKey }),
    })
    const { token } = (await started.json()) as { token: string }
    const auth = { Authorization: `Bearer ${token}`, Origin: SITE, 'Content-Type': 'application/json' }
    const created = await fetch(`${server.baseUrl}/api/conversations/api/create/`, {
      method: 'POST',
      headers: auth,
      body: '{}',
    })
    const { conversation_id: conversationId, ai_message: greeting } = (await created.json()) as {
      conversation_id: string
      ai_message: { message_id: string }
    }
    return { auth, conversationId, greeting: greeting.message_id }
  }

  const teamCall = (server: SpawnedServer, conversationId: string, action: string, body: unknown = {}) =>
    callApi<{ data?: { message_id: string } }>(
      server.baseUrl,
      access,
      `/conversations/${agentId}/${conversationId}/${action}/`,
      body,
    )

  async function open(url: string, headers: Record<string, string>) {
    const stream = await openEventStreamClient(url, headers)
    streams.push(stream)
    expect(stream.status).toBe(200)
    return stream
  }

  /** A visitor on `server` whose widget follows its new conversation live (its first state read). */
  async function visitorFollowingOn(server: SpawnedServer) {
    const visit = await visitorOn(server)
    const widget = await open(
      `${server.baseUrl}/api/conversations/api/chat/${visit.conversationId}/live/?after=${visit.greeting}`,
      visit.auth,
    )
    await widget.next('state')
    return { visit, widget }
  }

  it('carries a person’s words written through one process to a visitor streaming from the other, and back', async () => {
    const [a, b] = [servers[0]!, servers[1]!]
    const { visit, widget } = await visitorFollowingOn(b)
    const inbox = await open(`${a.baseUrl}/api/conversations/${agentId}/${visit.conversationId}/live/`, {
      Authorization: `Bearer ${access}`,
    })
    await inbox.next('changed')

    await teamCall(a, visit.conversationId, 'takeover')
    expect(await widget.next('message')).toMatchObject({ sender_type: 'notice', message_text: 'Dana joined the chat' })
    expect(await widget.next('state')).toMatchObject({ person_name: 'Dana' })
    await teamCall(a, visit.conversationId, 'reply', { message_text: 'Hello from the other process' })
    expect(await widget.next('message')).toMatchObject({
      sender_type: 'person',
      sender_name: 'Dana',
      message_text: 'Hello from the other process',
    })

    await inbox.next('changed') // the takeover
    const sent = await fetch(`${b.baseUrl}/api/conversations/api/chat/${visit.conversationId}/`, {
      method: 'POST',
      headers: visit.auth,
      body: JSON.stringify({ message_text: 'Thanks, Dana' }),
    })
    expect(sent.status).toBe(200)
    const changed = (await inbox.next('changed')) as { conversation: { last_message: string } }
    // Signals carry no content: each stream reads the conversation as it stands once woken.
    for (let tries = 0; changed.conversation.last_message !== 'Thanks, Dana' && tries < 5; tries += 1)
      Object.assign(changed, await inbox.next('changed'))
    expect(changed.conversation.last_message).toBe('Thanks, Dana')
  })

  it('listens again when the database drops the listening connection, and the next words still arrive', async () => {
    const [a, b] = [servers[0]!, servers[1]!]
    const { visit, widget } = await visitorFollowingOn(b)
    await database.prisma.$queryRawUnsafe(
      `select pg_terminate_backend(pid)::text from pg_stat_activity where query ilike 'listen %' and pid <> pg_backend_pid()`,
    )
    await b.waitForLine(/listening again/)
    // Written while nobody listens: the process reads again for every stream once it listens again.
    await teamCall(a, visit.conversationId, 'takeover')
    expect(await widget.next('message', 10_000)).toMatchObject({ message_text: 'Dana joined the chat' })
  })
})
