import type { Readable } from 'node:stream'

export interface StoredFile {
  body: Readable
  contentType: string
  size: number
}

/** Where uploaded files live. Keys are relative paths made by the server, never by users. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>
  /** Succeeds when the file is already gone. */
  delete(key: string): Promise<void>
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

/** Keys are built by the server, but a bug must still never reach outside the storage root. */
export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`)
  }
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
}

export function contentTypeOfKey(key: string) {
  return TYPES_BY_EXTENSION[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'
}
