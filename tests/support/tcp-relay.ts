import { once } from 'node:events'
import net, { type AddressInfo } from 'node:net'

export interface TcpRelay {
  /** The port the relay listens on; it stays the same through cut() and restore(). */
  port: number
  /** Closes every open connection and stops listening: the target looks down, as in a restart. */
  cut(): Promise<void>
  /** Listens again on the same port. */
  restore(): Promise<void>
  /**
   * Stops carrying bytes, open connections and new ones alike, closing nothing: the target is gone
   * without a word, as when a NAT or a proxy forgets a connection. thaw() carries them again.
   */
  freeze(): void
  thaw(): void
  close(): Promise<void>
}

/** A TCP relay on 127.0.0.1 to host:port, which a test cuts and restores to take a server away and back. */
export async function startTcpRelay(host: string, port: number): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>()
  let frozen = false
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
    // After pipe(), which would resume them.
    if (frozen) {
      client.pause()
      upstream.pause()
    }
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
    freeze() {
      frozen = true
      for (const socket of sockets) socket.pause()
    },
    thaw() {
      frozen = false
      for (const socket of sockets) socket.resume()
    },
    close: stop,
  }
}
