import { AwsV4Signer } from 'aws4fetch'
import type { IncomingMessage } from 'node:http'
import { sendJson, startLocalServer } from './local-http-server.ts'

export const FAKE_S3 = {
  bucket: 'test-bucket',
  region: 'eu-test-1',
  accessKeyId: 'AKIATESTKEY',
  secretAccessKey: 'test/secret/key',
}

// Recomputes the SigV4 signature over the headers the client says it signed: a wrong secret, region or
// a tampered request fails, as it would on S3.
async function hasValidSignature(req: IncomingMessage, url: string, body: Buffer) {
  const authorization = String(req.headers.authorization ?? '')
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? []
  if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${FAKE_S3.accessKeyId}/`) || signedHeaders.length === 0)
    return false
  const headers = new Headers()
  for (const name of signedHeaders) if (name !== 'host') headers.set(name, String(req.headers[name] ?? ''))
  const signer = new AwsV4Signer({
    method: req.method ?? 'GET',
    url,
    headers,
    body: body.length > 0 ? new Uint8Array(body) : undefined,
    accessKeyId: FAKE_S3.accessKeyId,
    secretAccessKey: FAKE_S3.secretAccessKey,
    region: FAKE_S3.region,
    service: 's3',
    datetime: String(req.headers['x-amz-date'] ?? ''),
  })
  const expected = (await signer.sign()).headers.get('authorization')
  return expected === authorization
}

/** An S3-compatible object store on 127.0.0.1 (path-style PUT, GET, DELETE) that checks SigV4 signatures. */
export async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>()
  let rejectedSignatures = 0
  const server = await startLocalServer(async (req, res, body) => {
    const url = `http://${req.headers.host}${req.url}`
    if (!(await hasValidSignature(req, url, body))) {
      rejectedSignatures += 1
      res.writeHead(403, { 'Content-Type': 'application/xml' })
      return res.end('<Error><Code>SignatureDoesNotMatch</Code></Error>')
    }
    const path = decodeURIComponent(new URL(url).pathname)
    if (!path.startsWith(`/${FAKE_S3.bucket}/`)) return sendJson(res, 404, { error: 'NoSuchBucket' })
    const key = path.slice(FAKE_S3.bucket.length + 2)
    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') })
      res.writeHead(200, { ETag: '"fake"' })
      return res.end()
    }
    const stored = objects.get(key)
    if (req.method === 'GET') {
      if (!stored) {
        res.writeHead(404, { 'Content-Type': 'application/xml' })
        return res.end('<Error><Code>NoSuchKey</Code></Error>')
      }
      res.writeHead(200, { 'Content-Type': stored.contentType, 'Content-Length': stored.body.length })
      return res.end(stored.body)
    }
    if (req.method === 'DELETE') {
      objects.delete(key)
      res.writeHead(204)
      return res.end()
    }
    res.writeHead(405)
    res.end()
  })
  return {
    url: server.url,
    objects,
    rejectedSignatures: () => rejectedSignatures,
    config: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: server.url,
      S3_REGION: FAKE_S3.region,
      S3_BUCKET: FAKE_S3.bucket,
      S3_ACCESS_KEY_ID: FAKE_S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: FAKE_S3.secretAccessKey,
    },
    close: server.close,
  }
}
