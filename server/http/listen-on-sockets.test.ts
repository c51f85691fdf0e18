import { readFileSync } from 'node:fs'
import { createServer, Agent, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Server as NetServer, Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../logging/create-logger.ts'
import { listenOnSockets, type Listening } from './listen-on-sockets.ts'

const logger = createLogger({ LOG_LEVEL: 'silent' })
const opened: Listening[] = []

afterEach(async () => {
  for (const listening of opened.splice(0)) await listening.close()
})

async function listen(server = createServer((_req, res) => res.end('ok')), port = 0, sockets = 4) {
  const listening = await listenOnSockets({ server, port, host: '127.0.0.1', sockets, logger })
  opened.push(listening)
  return listening
}

/** Sockets of this machine listening on 127.0.0.1:`port` (the kernel's table, whatever process holds them). */
function listeningSocketsOn(port: number) {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1] === local && fields[3] === '0A').length
}

/** A request on a connection of its own, answered when the server lets it go. */
function ask(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  return new Promise<string>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () => {
        agent.destroy()
        resolve(text)
      })
    })
      .on('error', reject)
      .end()
  })
}

// The kernel's table of sockets is read from /proc/net/tcp: Linux only, as SO_REUSEPORT's spreading is.
describe.runIf(process.platform === 'linux')('listenOnSockets', () => {
  it('listens on as many sockets of one port as asked, or on one', async () => {
    expect(listeningSocketsOn((await listen(undefined, 0, 4)).port)).toBe(4)
    expect(listeningSocketsOn((await listen(undefined, 0, 1)).port)).toBe(1)
  })

  it("answers every socket's connections through the one server, and its close waits for all of them", async () => {
    const held: ServerResponse[] = []
    const server = createServer((_req: IncomingMessage, res) => held.push(res))
    // A connection the HTTP server took itself, told apart before node:http makes every socket its own.
    const ownSockets = new WeakSet<object>()
    server.prependListener('connection', (socket: Socket) => {
      if ((socket as Socket & { server?: unknown }).server === server) ownSockets.add(socket)
    })
    const listening = await listen(server, 0, 4)
    // Each connection has a port of its own, which the kernel spreads over the four sockets.
    const answers = Array.from({ length: 40 }, () => ask(listening.port))
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(40)
    const [own, handed] = [
      held.filter((res) => ownSockets.has(res.socket as Socket)),
      held.filter((res) => !ownSockets.has(res.socket as Socket)),
    ]
    expect(own.length).toBeGreaterThan(0)
    expect(handed.length).toBeGreaterThan(0)

    let isClosed = false
    const closed = listening.close().then(() => (isClosed = true))
    for (const res of own) res.setHeader('Connection', 'close').end('done')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(isClosed).toBe(false) // the other sockets' connections are still open
    for (const res of handed) res.setHeader('Connection', 'close').end('done')
    expect(await Promise.all(answers)).toEqual(Array(40).fill('done'))
    await closed
    expect(listeningSocketsOn(listening.port)).toBe(0)
  })

  it("reaches every socket's connections when the server closes them all", async () => {
    let arrived = 0
    const server = createServer(() => (arrived += 1)) // never answered
    const listening = await listen(server, 0, 4)
    const answers = Array.from({ length: 20 }, () => ask(listening.port).catch(() => 'cut'))
    await expect.poll(() => arrived, { timeout: 10_000 }).toBe(20)
    const closed = listening.close()
    server.closeAllConnections()
    expect(await Promise.all(answers)).toEqual(Array(20).fill('cut'))
    await closed
  })

  it('refuses a port already taken, even by sockets that share it', async () => {
    const shared = await listen(undefined, 0, 4)
    await expect(listen(undefined, shared.port, 4)).rejects.toMatchObject({ code: 'EADDRINUSE' })
    const plain = await listen(undefined, 0, 1)
    await expect(listen(undefined, plain.port, 4)).rejects.toMatchObject({ code: 'EADDRINUSE' })
    expect(listeningSocketsOn(shared.port)).toBe(4)
  })

  it('logs an accept error of any of its sockets and serves on', async () => {
    const lines: { msg: string; code?: string }[] = []
    const recording = createLogger({ LOG_LEVEL: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) })
    const listening = await listenOnSockets({
      server: createServer((_req, res) => res.end('ok')),
      port: 0,
      host: '127.0.0.1',
      sockets: 4,
      logger: recording,
    })
    opened.push(listening)
    // The listening sockets of the port, the HTTP server's and the three extra ones: what libuv reports
    // when accept fails arrives as their 'error' event (Node 24 retries EMFILE itself; see the process test).
    const sockets = (process as unknown as { _getActiveHandles(): unknown[] })
      ._getActiveHandles()
      .filter((handle): handle is NetServer => typeof (handle as NetServer).listen === 'function')
      .filter((server) => server.listening && (server.address() as { port: number }).port === listening.port)
    expect(sockets).toHaveLength(4)
    for (const socket of sockets) {
      socket.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', syscall: 'accept' }))
    }
    expect(lines.filter((line) => line.msg.startsWith('a listening socket could not accept'))).toHaveLength(4)
    expect(lines.every((line) => line.code === 'EMFILE')).toBe(true)
    expect(await ask(listening.port)).toBe('ok')
  })
})
