import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { assertSafeKey, contentTypeOfKey, type FileStorage } from './file-storage.ts'

/** Files in a folder (DATA_DIR/files). The key's extension gives the content type back. */
export function createLocalFileStorage(root: string): FileStorage {
  const base = resolve(root)
  const pathOf = (key: string) => {
    assertSafeKey(key)
    return join(base, key)
  }
  return {
    async put(key, body) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`
      await writeFile(partial, body, { mode: 0o600 })
      await rename(partial, path) // readers never see half a file
    },
    async get(key) {
      const path = pathOf(key)
      try {
        const { size } = await stat(path)
        return { body: createReadStream(path), contentType: contentTypeOfKey(key), size }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
