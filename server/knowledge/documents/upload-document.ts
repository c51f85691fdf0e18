import { randomBytes } from 'node:crypto'
import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { enqueueJobOf } from '../../jobs/job-kind.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { DocumentFields } from '../knowledge.schemas.ts'
import { toDocumentView } from './document-view.ts'
import { EXTRACT_DOCUMENT } from './extract-document-job.ts'
import {
  ALLOWED_FORMATS,
  detectDocumentFormat,
  MIME_TYPES,
  type DocumentFormat,
} from './extract/detect-document-format.ts'

const INVALID_FORMAT = `Invalid file format. Allowed formats: ${ALLOWED_FORMATS.join(', ')}`

function storageName(fileName: string) {
  const cleaned = fileName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100)
  return cleaned || 'document'
}

export interface UploadDocumentOptions {
  storage: FileStorage
  queue: JobQueue
  actor: Actor
  agentId: string
  file: { bytes: Buffer; fileName: string }
  fields: DocumentFields
}

/**
 * Stores an uploaded file and queues its reading. The format must agree with both the name and the
 * bytes. An empty or unreadable file is still kept, and its item says why it failed.
 */
export async function uploadDocument(
  database: Database,
  { storage, queue, actor, agentId, file, fields }: UploadDocumentOptions,
) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const extension = file.fileName.toLowerCase().split('.').pop() as DocumentFormat
  const format =
    file.bytes.length === 0 && ALLOWED_FORMATS.includes(extension)
      ? extension
      : detectDocumentFormat(file.bytes, file.fileName)
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', INVALID_FORMAT, { allowed_formats: ALLOWED_FORMATS })
  const storageKey = `agents/${agentId}/documents/${Date.now()}_${randomBytes(6).toString('hex')}_${storageName(file.fileName)}`
  await storage.put(storageKey, file.bytes, MIME_TYPES[format])
  const document = await database.prisma
    .$transaction(async (transaction) => {
      const created = await transaction.document.create({
        data: {
          accountId: agent.accountId,
          agentId,
          name: fields.document_name || file.fileName,
          format,
          mimeType: MIME_TYPES[format],
          storageKey,
          sizeBytes: BigInt(file.bytes.length),
          description: fields.document_description,
          language: fields.document_language ?? 'en',
          tags: fields.document_tags ?? [],
          metaData: (fields.meta_data ?? {}) as object,
        },
      })
      await enqueueJobOf(transaction, EXTRACT_DOCUMENT, {
        accountId: agent.accountId,
        agentId,
        subjectType: 'document',
        subjectId: created.id,
        payload: { id: created.id },
      })
      return created
    })
    .catch(async (error: unknown) => {
      await storage.delete(storageKey).catch(() => {}) // no row points to it: do not leave it behind
      throw error
    })
  queue.wake()
  return toDocumentView(document, undefined)
}
