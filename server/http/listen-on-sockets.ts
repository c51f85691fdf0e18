// Node's event loop (libuv, since its PR 3696) takes one new connection from a listening socket
// per turn. A process busy streaming answers turns slowly, so a burst of new connections (visitors
// arriving together, or a load balancer opening upstream connections for their streams) waited
// seconds in the kernel's accept queue, one per turn. Several listening sockets on the same port
// (SO_REUSEPORT: the kernel spreads new connections over them) each give one per turn.
import type { Server as HttpServer } from 'node:http'
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net'
import type { Logger } from '../logging/create-logger.ts'

export interface ListenOnSocketsOptions {
  server: HttpServer
  port: number
  host: string
  /** Listening sockets on the port; 1 is an ordinary listen. */
  sockets: number
  logger: Logger
}

export interface Listening {
  port: number
  /** The address the sockets took (HOST, a host name resolved): 127.0.0.1, ::1, 0.0.0.0, ::. */
  address: string
  /** Stops taking connections on every socket; resolves once each of their connections has ended. */
  close(): Promise<void>
}

function listenOnce(server: NetServer, options: { port: number; host: string; reusePort?: boolean }) {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

/**
 * A listening socket emits 'error' when accepting a connection fails (the process out of descriptors,
 * the kernel out of memory). With no listener Node throws it and the process dies; the failure concerns
 * one connection, so it is logged and the socket takes the next. (Node 24's libuv retries EMFILE itself
 * and never reports it; other errors, and other Node versions, still do.)
 */
function logAcceptErrors(server: NetServer, logger: Logger) {
  server.on('error', (error: NodeJS.ErrnoException) =>
    logger.error({ err: error, code: error.code }, 'a listening socket could not accept a connection: serving on'),
  )
}

const closeOf = (server: NetServer) => new Promise<void>((resolve) => server.close(() => resolve()))

// What libuv answers where the platform has no port sharing that spreads connections (macOS, Windows,
// Linux before 3.9).
const CANNOT_SHARE_PORTS = new Set(['ENOTSUP', 'EOPNOTSUPP', 'ENOPROTOOPT'])

/**
 * Listens for `server` on `sockets` sockets of one port, each extra one handing its connections to the
 * HTTP server, which answers them all alike. A port another process holds is refused (EADDRINUSE) as by
 * an ordinary listen, even one held by sockets that share it: a plain socket tries the port first. What
 * SO_REUSEPORT cannot stop: a program of the same user that asks to share the port once it listens (or
 * two started in the same instant) shares it. Where the platform cannot share a port, one socket listens.
 */
export async function listenOnSockets({
  server,
  port,
  host,
  sockets,
  logger,
}: ListenOnSocketsOptions): Promise<Listening> {
  const extras: NetServer[] = []
  const close = () => Promise.all([closeOf(server), ...extras.map(closeOf)]).then(() => undefined)
  const listening = (bound: number) => {
    for (const socket of [server, ...extras]) logAcceptErrors(socket, logger)
    return { port: bound, address: (server.address() as AddressInfo).address, close }
  }
  if (sockets <= 1) return listening(await listenOnce(server, { port, host }))
  if (port !== 0) {
    const probe = createNetServer()
    await listenOnce(probe, { port, host })
    await closeOf(probe)
  }
  let bound: number
  try {
    bound = await listenOnce(server, { port, host, reusePort: true })
  } catch (error) {
    if (!CANNOT_SHARE_PORTS.has((error as NodeJS.ErrnoException).code ?? '')) throw error
    logger.info(
      { code: (error as NodeJS.ErrnoException).code },
      'this platform cannot share a port: one socket listens',
    )
    return listening(await listenOnce(server, { port, host }))
  }
  // The address the first socket took: a host name is not looked up again, to land elsewhere.
  const { address } = server.address() as AddressInfo
  for (let index = 1; index < sockets; index += 1) {
    // The socket options node:http's createServer gives its own (allowHalfOpen, noDelay): change them
    // together, so that a connection behaves the same whichever socket took it.
    const extra = createNetServer({ allowHalfOpen: true, noDelay: true }, (socket) => server.emit('connection', socket))
    try {
      await listenOnce(extra, { port: bound, host: address, reusePort: true })
      extras.push(extra)
    } catch (error) {
      logger.warn({ err: error, sockets: index }, 'could not open another listening socket')
      break
    }
  }
  return listening(bound)
}
