import { pipeline } from 'node:stream/promises'
import type { Response } from 'express'
import type { StoredFile } from '../storage/file-storage.ts'

export interface Delivery {
  /** The type to declare; the stored one otherwise. */
  contentType?: string
  /** Sent as a download under this name, never cached: a document, a visitor's attachment. */
  downloadName?: string
  /** A public image behind an unguessable name (profile photo, widget logo): cached for good, loadable by other origins' <img>. */
  publicImage?: boolean
}

/**
 * Streams a stored file. It is never rendered as a page of this origin (a sandboxing CSP), and the
 * storage stream closes with the response when the client goes away mid-transfer.
 */
export async function sendStoredFile(res: Response, file: StoredFile, delivery: Delivery): Promise<void> {
  res.setHeader('Content-Type', delivery.contentType ?? file.contentType)
  if (file.size) res.setHeader('Content-Length', String(file.size))
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox")
  if (delivery.downloadName !== undefined) {
    const ascii = delivery.downloadName.replace(/[^\x20-\x7e]|["\\]/g, '_')
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(delivery.downloadName)}`,
    )
  }
  if (delivery.publicImage) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
  } else {
    res.setHeader('Cache-Control', 'private, no-store')
  }
  await pipeline(file.body, res).catch((error: unknown) => {
    if (!res.writableFinished) res.req.log.warn({ err: error }, 'file transfer ended early')
  })
}
