import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileStorage } from '../../server/storage/file-storage.ts'
import { createLocalFileStorage } from '../../server/storage/local-file-storage.ts'
import { createS3FileStorage } from '../../server/storage/s3-file-storage.ts'
import { FAKE_S3, startFakeS3 } from '../support/fake-s3.ts'

describe.each(['local', 's3'] as const)('file storage: %s', (driver) => {
  let storage: FileStorage
  let close = async () => {}
  beforeAll(async () => {
    if (driver === 'local') {
      const root = mkdtempSync(join(tmpdir(), 'agentdesk-files-'))
      storage = createLocalFileStorage(root)
      close = async () => rmSync(root, { recursive: true, force: true })
    } else {
      const fakeS3 = await startFakeS3()
      storage = createS3FileStorage({
        endpoint: fakeS3.url,
        region: FAKE_S3.region,
        bucket: FAKE_S3.bucket,
        accessKeyId: FAKE_S3.accessKeyId,
        secretAccessKey: FAKE_S3.secretAccessKey,
      })
      close = fakeS3.close
    }
  })
  afterAll(() => close())

  it('puts, gets back the same bytes and type, and deletes', async () => {
    await storage.put('agents/a1/documents/1_x_notes.txt', Buffer.from('hello files'), 'text/plain; charset=utf-8')
    const file = await storage.get('agents/a1/documents/1_x_notes.txt')
    expect(file?.contentType).toBe('text/plain; charset=utf-8')
    expect(file?.size).toBe(11)
    expect(await text(file!.body)).toBe('hello files')
    await storage.delete('agents/a1/documents/1_x_notes.txt')
    expect(await storage.get('agents/a1/documents/1_x_notes.txt')).toBeNull()
  })

  it('deleting a missing file succeeds; reading one is null', async () => {
    await storage.delete('nothing/here.txt')
    expect(await storage.get('nothing/here.txt')).toBeNull()
  })

  it.each(['../escape.txt', 'a/../../b.txt', '/absolute.txt', 'a//b.txt', '', 'a/./b.txt', 'a\\..\\b.txt'])(
    'refuses the unsafe key %j for put, get and delete',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/)
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/)
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/)
    },
  )
})

describe('file storage: s3 signatures', () => {
  it('signs every request (SigV4); a wrong secret is refused by the store', async () => {
    const fakeS3 = await startFakeS3()
    try {
      const wrong = createS3FileStorage({
        endpoint: fakeS3.url,
        region: FAKE_S3.region,
        bucket: FAKE_S3.bucket,
        accessKeyId: FAKE_S3.accessKeyId,
        secretAccessKey: 'not-the-secret',
      })
      await expect(wrong.put('a/b.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/failed with 403/)
      expect(fakeS3.rejectedSignatures()).toBe(1)
      expect(fakeS3.objects.size).toBe(0)
    } finally {
      await fakeS3.close()
    }
  })
})
