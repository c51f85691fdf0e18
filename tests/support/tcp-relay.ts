import { once } from 'node:events'
import net, { type AddressInfo } from 'node:net'

export interface TcpRelay {
  /** The port the relay listens on; it stays the same through cut() and restore(). */
  port: number
  /** Closes every open connection and stops listening: the target looks down, as in a restart. */
  cut(): Promise<void>
  /** Listens again on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

/** A TCP relay on 127.0.0.1 to host:port, which a test cuts and restores to take a server away and back. */
export async function startTcpRelay(host: string, port: number): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  }
  const relay = (client: net.Socket) => {
    const upstream = net.connect(port, host)
    track(client)
    track(upstream)
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  }
  let server = net.createServer(relay)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const relayPort = (server.address() as AddressInfo).port
  const stop = async () => {
    const closed = server.listening ? once(server, 'close') : Promise.resolve()
    server.close()
    for (const socket of sockets) socket.destroy()
    await closed
  }
  return {
    port: relayPort,
    cut: stop,
    async restore() {
      server = net.createServer(relay)
      server.listen(relayPort, '127.0.0.1')
      await once(server, 'listening')
    },
    close: stop,
  }
}
