import { AppError } from '../../errors/app-error.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import type { PreparedAttachment } from './receive-attachment.ts'

export const ATTACHMENT_NOT_STORED = 'Your file could not be saved, so the message was not sent. Please try again.'

export interface AttachmentStore {
  storage: FileStorage
  logger: Logger
}

/**
 * Writes a visitor's file before the message that names it is saved, so no message lists a file that
 * is not there. A storage that fails refuses the message (503, logged): nothing of it is saved.
 */
export async function storeAttachment({ storage, logger }: AttachmentStore, attachment: PreparedAttachment) {
  try {
    await storage.put(attachment.stored.key, attachment.bytes, attachment.stored.content_type)
  } catch (error) {
    logger.error({ err: error, key: attachment.stored.key }, 'could not store a visitor’s attachment')
    throw new AppError('SERVICE_UNAVAILABLE', ATTACHMENT_NOT_STORED)
  }
}

/** Takes a stored file away again when its message was not saved; a failure only leaves an unnamed file, logged. */
export async function removeUnsavedAttachment({ storage, logger }: AttachmentStore, attachment: PreparedAttachment) {
  await storage.delete(attachment.stored.key).catch((error: unknown) => {
    logger.warn({ err: error, key: attachment.stored.key }, 'could not remove the file of a message not saved')
  })
}
