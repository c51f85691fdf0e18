// @database-independent: what the process does with its signals, settings, address and dev mode is the same on either database
import { describe, expect, it } from 'vitest'
import { startFakeLlm } from '../support/fake-llm.ts'
import { useServerProcesses } from '../support/server-processes.ts'
import { runServerExpectingFailure, type SpawnedServer } from '../support/spawn-server.ts'

const { newLocation, start } = useServerProcesses()

// Each test starts one or two server processes (Node, the embedded database, its migrations): seconds each
// on two cores, several times that while the rest of the suite runs beside them. What the database itself
// does at start and stop is in server-process-database.test.ts, run on both databases.
describe('the server process', { timeout: 90_000 }, () => {
  it('`npm start` stops on SIGTERM: the signal reaches the server, which drains and lets its port go', async () => {
    const server = await start(await newLocation(), [], { throughNpmStart: true })
    expect((await fetch(`${server.baseUrl}/api/dashboard/api/health/`)).status).toBe(200)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(server.output.some((line) => line.includes('stopped: connections drained, database closed'))).toBe(true)
    await expect(fetch(`${server.baseUrl}/api/dashboard/api/health/`)).rejects.toThrow()
  })

  it('when a configuration value is wrong, it stops with one clear line and exit code 1', async () => {
    const { code, stderr } = await runServerExpectingFailure({ PORT: 'abc', DATA_DIR: '/nonexistent' })
    expect(code).toBe(1)
    expect(stderr.trim()).toBe('Invalid configuration: PORT must be a whole number (got "abc")')
  })

  it('on SIGTERM, an open live stream is told to reconnect and ends at once, so the stop does not wait for it', async () => {
    // A long drain timeout: were the stream left open, the process would not exit within this test's time.
    const server = await start({ ...(await newLocation()), SHUTDOWN_TIMEOUT_MS: '120000' })
    const site = 'https://shop.example.com'
    const call = async (path: string, init: RequestInit & { json?: unknown } = {}, token?: string) => {
      const response = await fetch(`${server.baseUrl}/api${path}`, {
        ...init,
        headers: {
          'Content-Type': 'application/json',
          Origin: site,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        ...(init.json ? { method: 'POST', body: JSON.stringify(init.json) } : {}),
      })
      return (await response.json()) as Record<string, unknown>
    }
    const registered = await call('/accounts/register/', {
      json: { email: `stop-${Date.now()}@example.com`, password: 'Stop-Password-1', full_name: 'Stop' },
    })
    const owner = (registered.tokens as { access: string }).access
    const agent = await call('/agents/create/', { json: { name: 'Stopper' } }, owner)
    const integration = await call(
      `/agents/${String(agent.agent_id)}/integrations/frontend/`,
      { json: { website_name: 'Shop', website_domain: 'shop.example.com' } },
      owner,
    )
    const session = await call('/conversations/api/start-chat-widget/', {
      json: { client_key: integration.client_key },
    })
    const visitor = String(session.token)
    const conversation = await call('/conversations/api/create/', { json: {} }, visitor)
    const stream = await fetch(
      `${server.baseUrl}/api/conversations/api/chat/${String(conversation.conversation_id)}/live/`,
      {
        headers: { Authorization: `Bearer ${visitor}`, Origin: site, Accept: 'text/event-stream' },
      },
    )
    expect(stream.status).toBe(200)
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let received = ''
    const untilEnd = (async () => {
      for (let part = await reader.read(); !part.done; part = await reader.read())
        received += decoder.decode(part.value, { stream: true })
    })()
    await expect.poll(() => received).toContain('event: state')
    server.child.kill('SIGTERM')
    await untilEnd
    expect(received).toContain('event: reconnect\ndata: {"after_ms":1000}')
    expect(await server.exited).toBe(0)
    expect(server.output.some((line) => line.includes('shutdown timeout reached'))).toBe(false)
  })

  it('on SIGTERM, an answer being written finishes and is saved before the process exits', async () => {
    const llm = await startFakeLlm()
    llm.state.tokenDelayMs = 150 // the answer streams for about three seconds
    try {
      const server = await start({ ...(await newLocation()), ...llm.config, SHUTDOWN_TIMEOUT_MS: '120000' })
      const call = async (path: string, json: unknown, token?: string) => {
        const response = await fetch(`${server.baseUrl}/api${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(json),
        })
        return (await response.json()) as Record<string, unknown>
      }
      const registered = await call('/accounts/register/', {
        email: `answer-${Date.now()}@example.com`,
        password: 'Stop-Password-1',
        full_name: 'Stop',
      })
      const owner = (registered.tokens as { access: string }).access
      const agent = await call('/agents/create/', { name: 'Writer' }, owner)
      const conversation = await call('/conversations/create/', { name: 'Stop', agent_id: agent.agent_id }, owner)
      const answer = await fetch(
        `${server.baseUrl}/api/conversations/chat/${String(agent.agent_id)}/${String(conversation.conversation_id)}/?stream=true`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${owner}`,
            Accept: 'text/event-stream',
          },
          body: JSON.stringify({ message_text: 'Tell me about returns.' }),
        },
      )
      const reader = (answer.body as ReadableStream<Uint8Array>).getReader()
      const decoder = new TextDecoder()
      let received = ''
      const untilEnd = (async () => {
        for (let part = await reader.read(); !part.done; part = await reader.read())
          received += decoder.decode(part.value, { stream: true })
      })()
      await expect.poll(() => received, { timeout: 15_000 }).toContain('event: token')
      server.child.kill('SIGTERM')
      await untilEnd
      expect(received).toMatch(/event: done\ndata: .*"ai_message"/)
      expect(received).not.toContain('event: error')
      expect(await server.exited).toBe(0)
      expect(server.output.some((line) => line.includes('shutdown timeout reached'))).toBe(false)
    } finally {
      await llm.close()
    }
  })

  it('logs the address it listens on: 127.0.0.1 as given, and for 0.0.0.0 every IPv4 address with a URL to open', async () => {
    const messageOf = async (server: SpawnedServer) =>
      (JSON.parse(await server.waitForLine(/"msg":"listening on /)) as { msg: string; address: string }).msg
    const loopback = await start({ ...(await newLocation()), HOST: '127.0.0.1' })
    expect(await messageOf(loopback)).toBe(`listening on http://127.0.0.1:${loopback.port}`)
    loopback.child.kill('SIGTERM')
    expect(await loopback.exited).toBe(0)

    const everywhere = await start({ ...(await newLocation()), HOST: '0.0.0.0' })
    expect(await messageOf(everywhere)).toBe(
      `listening on port ${everywhere.port} of every IPv4 address of this machine (0.0.0.0): open http://127.0.0.1:${everywhere.port} here`,
    )
    expect((await fetch(`${everywhere.baseUrl}/api/dashboard/api/health/`)).status).toBe(200)
  })

  it('npm run dev serves the dashboard through Vite, whose inline scripts the policy then allows', async () => {
    const server = await start(await newLocation(), ['--dev'])
    const response = await fetch(`${server.baseUrl}/`)
    expect(await response.text()).toContain('/@vite/client')
    expect(response.headers.get('content-security-policy')).toBeNull()
  })
})
