import { randomBytes } from 'node:crypto'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import type { Actor } from './actor.ts'
import { detectImageType } from './detect-image-type.ts'
import { requireUser } from './require-user.ts'

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const NOT_AN_IMAGE = 'Please select a valid image file'
export const IMAGE_TOO_LARGE = 'File size must be less than 5MB'

export interface SetProfileImageOptions {
  storage: FileStorage
  actor: Actor
  bytes: Buffer
}

/**
 * Stores a new profile photo under a fresh unguessable key (so caches never serve the old one) and
 * removes the previous file. The bytes decide what it is; the file name and declared type do not.
 */
export async function setProfileImage(database: Database, { storage, actor, bytes }: SetProfileImageOptions) {
  if (bytes.length >= PROFILE_IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE)
  const type = detectImageType(bytes)
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE)
  const user = await requireUser(database, actor)
  const key = `users/${user.id}/profile/${Date.now()}_${randomBytes(16).toString('hex')}.${type.extension}`
  await storage.put(key, bytes, type.contentType)
  // Only if the photo is still the one read above: a concurrent upload, or the account's deletion, in
  // between would otherwise leave a file no row points to.
  const swapped = await database.prisma.user.updateMany({
    where: { id: user.id, profileImageKey: user.profileImageKey },
    data: { profileImageKey: key },
  })
  if (swapped.count === 0) {
    await storage.delete(key)
    throw new AppError('CONFLICT', 'Your profile photo changed at the same time. Please try again.')
  }
  if (user.profileImageKey) await storage.delete(user.profileImageKey)
  return requireUser(database, actor)
}
