import { randomBytes } from 'node:crypto'
import { detectImageType } from '../accounts/detect-image-type.ts'
import { AppError } from '../errors/app-error.ts'
import type { FileStorage } from '../storage/file-storage.ts'

export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const LOGO_NOT_AN_IMAGE = 'The website logo must be an image (PNG, JPEG, GIF or WebP)'
export const LOGO_TOO_LARGE = 'The website logo must be smaller than 2 MB'

/** Stores a logo under a fresh unguessable key; the bytes decide whether it is an image, not the name. */
export async function storeWidgetLogo(storage: FileStorage, integrationId: string, bytes: Buffer): Promise<string> {
  if (bytes.length >= LOGO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', LOGO_TOO_LARGE)
  const type = detectImageType(bytes)
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', LOGO_NOT_AN_IMAGE)
  const key = `widgets/${integrationId}/logo/${Date.now()}_${randomBytes(16).toString('hex')}.${type.extension}`
  await storage.put(key, bytes, type.contentType)
  return key
}
