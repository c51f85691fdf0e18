import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { FileStorage } from '../storage/file-storage.ts'

const NOT_FOUND = 'Profile image not found.'

export interface ReadProfileImageOptions {
  storage: FileStorage
  userId: string
  fileName: string
}

/** The current photo of a user, addressed by user id and file name (its random part is the secret). */
export async function readProfileImage(database: Database, { storage, userId, fileName }: ReadProfileImageOptions) {
  const user = await database.prisma.user.findUnique({ where: { id: userId }, select: { profileImageKey: true } })
  if (!user?.profileImageKey || user.profileImageKey.split('/').pop() !== fileName)
    throw new AppError('NOT_FOUND', NOT_FOUND)
  const file = await storage.get(user.profileImageKey)
  if (!file) throw new AppError('NOT_FOUND', NOT_FOUND)
  return file
}
