// @database-specific: a server process migrates, holds, closes and reopens the database it is given
import { Agent, request as httpRequest } from 'node:http'
import { describe, expect, it } from 'vitest'
import { useServerProcesses } from '../support/server-processes.ts'
import { runServerExpectingFailure } from '../support/spawn-server.ts'

const { newLocation, start } = useServerProcesses()

// What a server process does with its database: migrating an empty one, closing it on SIGTERM after the
// last request, releasing it when it cannot listen, and finding its data again after a restart.
describe('the server process and its database', { timeout: 90_000 }, () => {
  it('migrates an empty database at start, answers health, and a second start applies nothing', async () => {
    const env = await newLocation({ empty: true })
    const first = await start(env)
    expect((await fetch(`${first.baseUrl}/api/dashboard/api/health/`)).status).toBe(200)
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    const second = await start(env)
    expect(second.output.some((line) => line.includes('database schema is up to date'))).toBe(true)
    expect(second.output.some((line) => /"msg":"applied \d+ migration/.test(line))).toBe(false)
    expect(first.output.some((line) => /"msg":"applied \d+ migration/.test(line))).toBe(true)
  })

  it('on SIGTERM, a request in flight finishes, keep-alive clients are told to close, then the database closes', async () => {
    const server = await start({ ...(await newLocation()), SHUTDOWN_TIMEOUT_MS: '120000' })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const body = JSON.stringify({ refresh_token: 'x'.repeat(64) })
    const inFlight = new Promise<{ status: number; connection: string | undefined; text: string }>(
      (resolve, reject) => {
        const request = httpRequest(`${server.baseUrl}/api/accounts/logout/`, {
          agent,
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        })
        request.on('response', (res) => {
          let text = ''
          res.on('data', (chunk: Buffer) => (text += chunk.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }))
        })
        request.on('error', reject)
        request.write(body.slice(0, 10)) // the server is now reading this request's body
        server
          .waitForLine(/"msg":"shutting down"/)
          .then(() => request.end(body.slice(10)))
          .catch(reject)
      },
    )
    await new Promise((resolve) => setTimeout(resolve, 200)) // let the first bytes reach the server
    server.child.kill('SIGTERM')

    const finished = await inFlight
    expect(finished.status).toBe(401) // logout ran to completion against the database: the token is unknown
    expect(JSON.parse(finished.text).message).toBe('Invalid or expired refresh token')
    expect(finished.connection).toBe('close')
    expect(await server.exited).toBe(0)
    expect(server.output.some((line) => line.includes('stopped: connections drained, database closed'))).toBe(true)
    expect(server.output.some((line) => line.includes('shutdown timeout reached'))).toBe(false)
    await expect(fetch(`${server.baseUrl}/api/dashboard/api/health/`)).rejects.toThrow()
    agent.destroy()
  })

  it('starts with a pool of one connection (migrations lock on a connection of their own)', async () => {
    const server = await start({ ...(await newLocation({ empty: true })), DATABASE_POOL_SIZE: '1' })
    expect((await fetch(`${server.baseUrl}/api/dashboard/api/health/`)).status).toBe(200)
  })

  it('when it cannot listen, it exits 1 and releases the database for the next start', async () => {
    const occupying = await start(await newLocation())
    const env = await newLocation()
    const failed = await runServerExpectingFailure({ ...env, PORT: String(occupying.port), HOST: '127.0.0.1' })
    expect(failed.code).toBe(1)
    expect(failed.stdout).toMatch(/could not start: .*EADDRINUSE/)
    const next = await start(env)
    expect((await fetch(`${next.baseUrl}/api/dashboard/api/health/`)).status).toBe(200)
  })

  it('data written before a restart is there after it (the CSRF secret signs across restarts)', async () => {
    const env = await newLocation()
    const first = await start(env)
    const issued = await fetch(`${first.baseUrl}/api/accounts/csrf/`)
    const { csrfToken } = (await issued.json()) as { csrfToken: string }
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)

    const second = await start(env)
    const response = await fetch(`${second.baseUrl}/api/accounts/logout/`, {
      method: 'POST',
      headers: {
        Cookie: `access_token=abc; csrftoken=${csrfToken}`,
        'X-CSRFToken': csrfToken,
        'Content-Type': 'application/json',
      },
      body: '{}',
    })
    expect(response.status).toBe(400) // past the CSRF check (the token from before the restart verifies), to logout's own 400
  })
})
