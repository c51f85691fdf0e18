import { randomBytes } from 'node:crypto'
import { detectImageType } from '../../accounts/detect-image-type.ts'
import type { WidgetIntegration } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { detectDocumentFormat, MIME_TYPES } from '../../knowledge/documents/extract/detect-document-format.ts'
import { extractInWorker } from '../../knowledge/documents/extract/extract-in-worker.ts'
import { attachmentLimitsOf, type ExtractionLimits } from '../../knowledge/documents/extract/extraction-limits.ts'

export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024
export const ATTACHMENT_TOO_LARGE = 'Attachments must be smaller than 5 MB.'
export const ATTACHMENT_TYPE = 'Attach an image (PNG, JPEG, GIF, WebP) or a PDF, Word, text, CSV or JSON file.'
// What of an attached document the model reads.
const TEXT_FOR_THE_ANSWER = 8_000

/** An attachment as a message stores it; `key` (where the file is) never leaves the server. */
interface StoredAttachment {
  name: string
  content_type: string
  size: number
  key: string
}

const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._ -]+/gu, '_').slice(0, 120) || 'attachment'

export interface PrepareAttachmentOptions {
  integration: WidgetIntegration
  conversationId: string
  file: { originalname: string; buffer: Buffer }
  limits: ExtractionLimits
}

/**
 * A visitor's file, when the integration accepts attachments: an image or a document (the bytes
 * decide), given an unguessable key (stored once its message is saved); a document's text is read so
 * the answer can use it: its start only, in a worker thread within tight limits, so no file a visitor
 * sends can hold up the server.
 */
export async function prepareAttachment({ integration, conversationId, file, limits }: PrepareAttachmentOptions) {
  if (!integration.enableAttachments) throw new AppError('BAD_REQUEST', 'Attachments are turned off for this chat.')
  if (file.buffer.length >= ATTACHMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_TOO_LARGE)
  const name = safeName(file.originalname)
  const image = detectImageType(file.buffer)
  const format = image ? null : detectDocumentFormat(file.buffer, name)
  if (!image && !format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_TYPE)
  const extension = image?.extension ?? (format as string)
  const contentType = image?.contentType ?? MIME_TYPES[format as keyof typeof MIME_TYPES]
  const key = `widgets/${integration.id}/attachments/${conversationId}/${Date.now()}_${randomBytes(12).toString('hex')}.${extension}`
  let text: string | null = null
  if (format) {
    try {
      const sections = await extractInWorker({
        bytes: file.buffer,
        format,
        name,
        limits: attachmentLimitsOf(limits, TEXT_FOR_THE_ANSWER),
        waitForThread: false,
      })
      text = sections
        .map((section) => section.content)
        .join('\n\n')
        .slice(0, TEXT_FOR_THE_ANSWER)
    } catch {
      text = null // unreadable: the file is kept for the team, the answer goes without it
    }
  }
  const stored: StoredAttachment = { name, content_type: contentType, size: file.buffer.length, key }
  return { stored, bytes: file.buffer, forAnswer: { name, text } }
}

export type PreparedAttachment = Awaited<ReturnType<typeof prepareAttachment>>
