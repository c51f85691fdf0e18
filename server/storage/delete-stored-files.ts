import type { Logger } from '../logging/create-logger.ts'
import type { FileStorage } from './file-storage.ts'

/** Deletes files whose rows are gone; one that fails is logged (by key, never content) and the rest go on. */
export async function deleteStoredFiles(storage: FileStorage, logger: Logger, keys: (string | null)[]) {
  let deleted = 0
  for (const key of keys) {
    if (!key) continue
    try {
      await storage.delete(key)
      deleted += 1
    } catch (error) {
      logger.warn({ err: error, key }, 'could not delete a file of erased data')
    }
  }
  return deleted
}
