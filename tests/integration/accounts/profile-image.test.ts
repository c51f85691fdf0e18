// @database-specific: concurrent uploads race on the profile row
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { startFakeS3 } from '../../support/fake-s3.ts'
import { solidPng } from '../../support/image-fixtures.ts'

interface StorageScenario {
  config: Record<string, string>
  close(): Promise<void>
  /** Keys of the stored files that start with `prefix` (DATA_DIR is known once the app exists). */
  filesUnder(prefix: string, dataDir: string): string[]
}

function listLocalFiles(root: string, prefix: string): string[] {
  const folder = join(root, prefix)
  if (!existsSync(folder)) return []
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

const scenarios = [
  {
    storage: 'the local folder',
    start: async (): Promise<StorageScenario> => ({
      config: {},
      close: async () => {},
      filesUnder: (prefix, dataDir) => listLocalFiles(join(dataDir, 'files'), prefix),
    }),
  },
  {
    storage: 'an S3-compatible bucket',
    start: async (): Promise<StorageScenario> => {
      const s3 = await startFakeS3()
      return {
        config: s3.config,
        close: s3.close,
        filesUnder: (prefix) => [...s3.objects.keys()].filter((key) => key.startsWith(prefix)),
      }
    },
  },
]

describe.each(scenarios)('profile images in $storage', ({ start }) => {
  let testApp: TestApp
  let account: SignedUp
  let storage: StorageScenario
  const photosOf = (userId: string) => storage.filesUnder(`users/${userId}/profile`, testApp.config.DATA_DIR)
  beforeAll(async () => {
    storage = await start()
    testApp = await createTestApp(storage.config)
    account = await signUp(testApp)
  })
  afterAll(async () => {
    await testApp.cleanup()
    await storage.close()
  })

  const upload = (bytes: Buffer, fileName: string, field = 'profile_image') =>
    testApp.request.post('/api/accounts/profile/image/').set(bearer(account.access)).attach(field, bytes, fileName)

  it('stores a real image and serves it back by its URL, with safe headers', async () => {
    const png = solidPng()
    const response = await upload(png, 'me.png')
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Profile image updated successfully!')
    expect(response.body.profile_image).toMatch(
      new RegExp(`^/api/accounts/profile/image/${account.userId}/\\d+_[0-9a-f]{32}\\.png$`),
    )
    const served = await testApp.request.get(response.body.profile_image).buffer(true)
    expect(served.status).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0)
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    const profile = await testApp.request.get('/api/accounts/profile/').set(bearer(account.access))
    expect(profile.body.profile_image).toBe(response.body.profile_image)
  })

  it('a new photo replaces the old one, whose file is deleted', async () => {
    const first = await upload(solidPng(2, 2), 'one.png')
    const second = await upload(solidPng(3, 3, [0, 0, 0]), 'two.png')
    expect(second.body.profile_image).not.toBe(first.body.profile_image)
    expect((await testApp.request.get(first.body.profile_image)).status).toBe(404)
    expect((await testApp.request.get(second.body.profile_image)).status).toBe(200)
    expect(photosOf(account.userId)).toHaveLength(1)
  })

  it('judges by the bytes: text named .png and an SVG are refused with the SPEC text', async () => {
    for (const [bytes, name] of [
      [Buffer.from('just some text'), 'photo.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'photo.svg'],
    ] as const) {
      const response = await upload(bytes, name)
      expect(response.status).toBe(415)
      expect(response.body.message).toBe('Please select a valid image file')
    }
  })

  it('accepts just under 5 MB and refuses exactly 5 MB, with the SPEC text', async () => {
    const png = solidPng()
    const padded = (total: number) => Buffer.concat([png, Buffer.alloc(total - png.length)])
    expect((await upload(padded(5 * 1024 * 1024 - 1), 'almost.png')).status).toBe(200)
    const response = await upload(padded(5 * 1024 * 1024), 'exactly.png')
    expect(response.status).toBe(413)
    expect(response.body.message).toBe('File size must be less than 5MB')
  })

  it('concurrent uploads leave exactly one photo file behind, the one the profile shows', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map((shade) => upload(solidPng(2, 2, [shade, shade, shade]), `p${shade}.png`)),
    )
    expect(results.filter((result) => result.status === 200).length).toBeGreaterThanOrEqual(1)
    for (const result of results) expect([200, 409]).toContain(result.status)
    const user = await testApp.database.prisma.user.findUniqueOrThrow({ where: { id: account.userId } })
    const photos = photosOf(account.userId)
    expect(photos).toHaveLength(1)
    expect(photos[0]).toContain(user.profileImageKey?.split('/').pop())
  })

  it('without a file, or under another field name, answers 400', async () => {
    const noFile = await testApp.request
      .post('/api/accounts/profile/image/')
      .set(bearer(account.access))
      .field('name', 'x')
    expect(noFile.status).toBe(400)
    expect(noFile.body.message).toBe('Please select a valid image file')
    const wrongField = await upload(solidPng(), 'me.png', 'avatar')
    expect(wrongField.status).toBe(400)
  })

  it('an unknown image, or one of another user, is 404', async () => {
    const response = await upload(solidPng(), 'me.png')
    const fileName = String(response.body.profile_image).split('/').pop()
    const other = await signUp(testApp)
    expect((await testApp.request.get(`/api/accounts/profile/image/${other.userId}/${fileName}`)).status).toBe(404)
    expect((await testApp.request.get(`/api/accounts/profile/image/${account.userId}/guess.png`)).status).toBe(404)
    expect((await testApp.request.get(`/api/accounts/profile/image/not-a-uuid/x.png`)).status).toBe(404)
  })

  it('deleting the account deletes the photo file too', async () => {
    const doomed = await signUp(testApp)
    const uploaded = await testApp.request
      .post('/api/accounts/profile/image/')
      .set(bearer(doomed.access))
      .attach('profile_image', solidPng(), 'me.png')
    expect(photosOf(doomed.userId)).toHaveLength(1)
    await testApp.request
      .post('/api/accounts/profile/delete/')
      .set(bearer(doomed.access))
      .send({ password: doomed.password })
    expect((await testApp.request.get(uploaded.body.profile_image)).status).toBe(404)
    expect(photosOf(doomed.userId)).toHaveLength(0)
  })
})
