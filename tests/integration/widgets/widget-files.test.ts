// The widget's files as pages load them: compressed when the browser takes it (Brotli, else gzip), the same
// bytes either way, cacheable by any page's origin; the plain file for a client that takes no encoding.
import express from 'express'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeWidgetFile } from '../../../scripts/build-widget.ts'
import { serveWidget } from '../../../server/http/serve-widget.ts'

let dir: string
let server: ReturnType<ReturnType<typeof express>['listen']>
let base: string
const LOADER = `(()=>{${'const widget = "AgentDesk";'.repeat(200)}})()`

beforeAll(async () => {
  dir = `${mkdtempSync(join(tmpdir(), 'widget-files-'))}/`
  mkdirSync(dir, { recursive: true })
  writeWidgetFile(dir, 'widget.js', LOADER)
  writeWidgetFile(dir, 'chat.0123456789.js', 'export const chat = 1')
  const app = express()
  app.use('/widget/v1', serveWidget(dir))
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The raw answer, undecoded, as a browser receives it. */
const fetchRaw = (path: string, acceptEncoding: string) =>
  new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
    })
    request.on('error', reject)
    request.end()
  })

describe('the widget files', () => {
  it('are sent Brotli-compressed, else gzip, else plain: the same script each way', async () => {
    const brotli = await fetchRaw('/widget/v1/widget.js', 'gzip, deflate, br')
    expect([brotli.headers['content-encoding'], brotli.headers.vary]).toEqual(['br', 'Accept-Encoding'])
    expect(brotliDecompressSync(brotli.body).toString()).toBe(LOADER)
    expect(brotli.body.length).toBeLessThan(LOADER.length / 5)
    const gzip = await fetchRaw('/widget/v1/widget.js', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(LOADER)
    const plain = await fetchRaw('/widget/v1/widget.js', 'identity')
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, LOADER])
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8')
      expect(answer.headers['access-control-allow-origin']).toBe('*')
      expect(answer.headers['cache-control']).toBe('public, max-age=300, must-revalidate')
    }
  })

  it('caches a file named by its content for a year, compressed too', async () => {
    const chat = await fetchRaw('/widget/v1/chat.0123456789.js', 'br')
    expect(chat.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(chat.body).toString()).toBe(readFileSync(`${dir}chat.0123456789.js`, 'utf8'))
  })

  it('sends nothing for a name that is not a widget file', async () => {
    for (const path of ['/widget/v1/../package.json', '/widget/v1/nothing.js', '/widget/v1/widget.js.br.js'])
      expect((await fetchRaw(path, 'br')).headers['content-encoding']).toBeUndefined()
  })
})
