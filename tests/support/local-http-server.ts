import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LocalServer {
  url: string
  close(): Promise<void>
}

/** A real HTTP server on 127.0.0.1 and a free port, for speaking a provider's wire format in tests. */
export async function startLocalServer(
  handle: (req: IncomingMessage, res: ServerResponse, body: Buffer) => unknown,
): Promise<LocalServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      Promise.resolve(handle(req, res, Buffer.concat(chunks))).catch((error: unknown) => {
        res.statusCode = 500
        res.end(String(error))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}
