import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { AwsClient } from 'aws4fetch'
import { assertSafeKey, type FileStorage } from './file-storage.ts'

export interface S3Settings {
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
}

const REQUEST_TIMEOUT_MS = 30_000

/** An S3-compatible bucket (AWS S3, MinIO, R2, ...), path-style addressing, SigV4-signed requests. */
export function createS3FileStorage(settings: S3Settings): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  })
  const urlOf = (key: string) => {
    assertSafeKey(key)
    return `${settings.endpoint.replace(/\/$/, '')}/${encodeURIComponent(settings.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`
  }
  const send = async (key: string, init: RequestInit) => {
    const response = await client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    return response
  }
  const fail = async (action: string, key: string, response: Response) => {
    const detail = (await response.text()).slice(0, 300)
    throw new Error(`S3 ${action} of ${key} failed with ${response.status}: ${detail}`)
  }
  return {
    async put(key, body, contentType) {
      const response = await send(key, {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'Content-Type': contentType },
      })
      if (!response.ok) await fail('PUT', key, response)
    },
    async get(key) {
      const response = await send(key, { method: 'GET' })
      if (response.status === 404) return null
      if (!response.ok || !response.body) return fail('GET', key, response)
      return {
        body: Readable.fromWeb(response.body as WebReadableStream),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        size: Number(response.headers.get('content-length') ?? 0),
      }
    },
    async delete(key) {
      const response = await send(key, { method: 'DELETE' })
      if (!response.ok && response.status !== 404) await fail('DELETE', key, response)
    },
  }
}
