// @database-specific: a server process on the same database
import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createDatabaseLocation, type DatabaseLocation } from '../support/create-test-database.ts'
import { spawnServer, type SpawnedServer } from '../support/spawn-server.ts'

const running: SpawnedServer[] = []
const locations: DatabaseLocation[] = []
const held: Socket[] = []

afterEach(async () => {
  for (const socket of held.splice(0)) socket.destroy()
  for (const server of running.splice(0)) {
    server.child.kill('SIGKILL')
    await server.exited
  }
  for (const location of locations.splice(0)) await location.destroy()
})

const HEALTH = '/api/dashboard/api/health/'

/** A keep-alive connection that asks for health and stays open: 'answered', or 'cut' if the server dropped it. */
function holdConnection(port: number) {
  return new Promise<'answered' | 'cut'>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    held.push(socket)
    socket.on('connect', () =>
      socket.write(`GET ${HEALTH} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`),
    )
    socket.on('data', (chunk: Buffer) => {
      if (chunk.toString().startsWith('HTTP/1.1 200')) resolve('answered')
    })
    socket.on('error', () => resolve('cut'))
    socket.on('close', () => resolve('cut'))
  })
}

// Linux: the child's descriptor limit is lowered with prlimit(1) (util-linux) once it listens.
// prlimit comes with util-linux, on every Debian; an image without it skips the file rather than failing.
const hasPrlimit = (() => {
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

describe.runIf(process.platform === 'linux' && hasPrlimit)(
  'a server out of file descriptors',
  { timeout: 120_000 },
  () => {
    it('stays up while every descriptor is taken (connections cut whichever of its eight sockets takes them) and serves again once some are freed', async () => {
      const location = await createDatabaseLocation()
      locations.push(location)
      const server = await spawnServer({
        DATA_DIR: location.DATA_DIR,
        DATABASE_URL: location.DATABASE_URL,
        ACCEPT_SOCKETS: '8',
      })
      running.push(server)
      const pid = server.child.pid as number
      expect((await fetch(`${server.baseUrl}${HEALTH}`)).status).toBe(200)
      const inUse = readdirSync(`/proc/${pid}/fd`).length
      execFileSync('prlimit', [`--pid=${pid}`, `--nofile=${inUse + 20}:${inUse + 20}`])

      // Connections until accept fails: the kernel spreads them over the eight listening sockets.
      const outcomes: ('answered' | 'cut')[] = []
      for (let index = 0; index < 80 && outcomes.filter((outcome) => outcome === 'cut').length < 20; index += 1) {
        outcomes.push(await holdConnection(server.port))
      }
      expect(outcomes).toContain('answered')
      expect(outcomes).toContain('cut')
      expect(server.child.exitCode).toBeNull()

      for (const socket of held.splice(0)) socket.destroy()
      await expect.poll(async () => (await fetch(`${server.baseUrl}${HEALTH}`)).status, { timeout: 20_000 }).toBe(200)
      expect(server.child.exitCode).toBeNull()
      expect(server.output.some((line) => line.includes('"level":60'))).toBe(false)
    })
  },
)
