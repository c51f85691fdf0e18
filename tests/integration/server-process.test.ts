import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createDatabaseLocation, type DatabaseLocation } from '../support/create-test-database.ts'
import { runServerExpectingFailure, spawnServer, type SpawnedServer } from '../support/spawn-server.ts'

const running: SpawnedServer[] = []
const locations: DatabaseLocation[] = []

afterEach(async () => {
  for (const server of running.splice(0)) {
    server.child.kill('SIGKILL')
    await server.exited
  }
  for (const location of locations.splice(0)) await location.destroy()
})

async function newLocation({ empty = false } = {}) {
  const location = await createDatabaseLocation({ empty })
  locations.push(location)
  return { DATA_DIR: location.DATA_DIR, DATABASE_URL: location.DATABASE_URL }
}

async function start(env: Record<string, string | undefined>) {
  const server = await spawnServer(env)
  running.push(server)
  return server
}

describe('the server process', () => {
  it('when a configuration value is wrong, it stops with one clear line and exit code 1', async () => {
    const { code, stderr } = await runServerExpectingFailure({ PORT: 'abc', DATA_DIR: '/nonexistent' })
    expect(code).toBe(1)
    expect(stderr.trim()).toBe('Invalid configuration: PORT must be a whole number (got "abc")')
  })

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

  it('on SIGTERM, a request in flight finishes, new connections are refused, then the database closes', async () => {
    const server = await start(await newLocation())
    const body = JSON.stringify({ refresh_token: 'x'.repeat(64) })
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(`${server.baseUrl}/api/accounts/logout/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      })
      request.on('response', (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      })
      request.on('error', reject)
      request.write(body.slice(0, 10)) // the server is now reading this request's body
      setTimeout(() => {
        server.child.kill('SIGTERM')
        setTimeout(async () => {
          await expect(fetch(`${server.baseUrl}/api/dashboard/api/health/`)).rejects.toThrow()
          request.end(body.slice(10))
        }, 400)
      }, 200)
    })
    const finished = await response
    expect(finished.status).toBe(404) // the request completed normally: no route answers logout yet
    expect(JSON.parse(finished.text).error).toBe('NOT_FOUND')
    expect(await server.exited).toBe(0)
    expect(server.output.some((line) => line.includes('stopped: connections drained, database closed'))).toBe(true)
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
      headers: { Cookie: `access_token=abc; csrftoken=${csrfToken}`, 'X-CSRFToken': csrfToken, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(404) // past the CSRF check: the token from before the restart still verifies
  })
})
