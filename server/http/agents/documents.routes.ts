import { Router, type RequestHandler, type Response } from 'express'
import { AGENT_NOT_FOUND } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { Document } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { deleteDocument } from '../../knowledge/documents/delete-document.ts'
import { documentForDownloadLink } from '../../knowledge/documents/document-for-download-link.ts'
import { signDownloadLink } from '../../knowledge/documents/download-links.ts'
import { toDocumentView } from '../../knowledge/documents/document-view.ts'
import { listDocuments } from '../../knowledge/documents/list-documents.ts'
import { DOCUMENT_NOT_FOUND, requireDocument } from '../../knowledge/documents/require-document.ts'
import { updateDocument } from '../../knowledge/documents/update-document.ts'
import { uploadDocument } from '../../knowledge/documents/upload-document.ts'
import { latestJobsOf } from '../../knowledge/embedding/latest-jobs.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import {
  DocumentFieldsSchema,
  DocumentUploadFieldsSchema,
  ItemListQuerySchema,
} from '../../knowledge/knowledge.schemas.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { actorOf } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'
import { sendStoredFile } from '../send-stored-file.ts'
import { receiveSingleFile } from '../receive-single-file.ts'
import { refuseNulCharacters } from '../refuse-nul-characters.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import { sendsSecret } from '../sends-secret.ts'

const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024

export interface DocumentRoutesOptions {
  database: Database
  storage: FileStorage
  queue: JobQueue
  logger: Logger
  downloadLinkKey: Buffer
  signedIn: RequestHandler
}

/** SPEC section 7, Agent content: documents under /agents/{agentId}/documents/. */
export function documentRoutes({
  database,
  storage,
  queue,
  logger,
  downloadLinkKey,
  signedIn,
}: DocumentRoutesOptions): Router {
  const router = Router()
  const ids = (params: Record<string, unknown>) => ({
    agentId: parseIdParam(params.agentId, AGENT_NOT_FOUND),
    documentId: parseIdParam(params.documentId, DOCUMENT_NOT_FOUND),
  })

  async function sendFile(res: Response, document: Document) {
    const file = await storage.get(document.storageKey)
    if (!file) throw new AppError('NOT_FOUND', "The document's file is missing.")
    const extension = `.${document.format}`
    const fileName = document.name.toLowerCase().endsWith(extension) ? document.name : `${document.name}${extension}`
    await sendStoredFile(res, file, { contentType: document.mimeType, downloadName: fileName })
  }

  router.get('/agents/:agentId/documents/', signedIn, async (req, res) => {
    res.json(
      await listDocuments(database, {
        actor: actorOf(res),
        agentId: parseIdParam(req.params.agentId, AGENT_NOT_FOUND),
        query: ItemListQuerySchema.parse(req.query),
      }),
    )
  })

  const upload = receiveSingleFile({
    field: 'document_file',
    maxBytes: DOCUMENT_MAX_BYTES + 1,
    tooLargeMessage: 'File too large. Maximum size: 50MB',
    tooLargeExtra: { max_size_mb: 50 },
    invalidMessage: 'Missing required fields: document_file',
  })
  // Who may upload is settled before 50 MB are read into memory.
  const mayUpload: RequestHandler = async (req, res, next) => {
    await requireAgentAccess(database, {
      actor: actorOf(res),
      agentId: parseIdParam(req.params.agentId, AGENT_NOT_FOUND),
      need: 'edit',
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'FORBIDDEN')
        throw new AppError('FORBIDDEN', 'You do not have permission to upload documents to this agent.')
      throw error
    })
    next()
  }
  router.post(
    '/agents/:agentId/documents/upload/',
    signedIn,
    mayUpload,
    upload,
    refuseNulCharacters,
    async (req, res) => {
      const agentId = parseIdParam(req.params.agentId, AGENT_NOT_FOUND)
      // The fields first: one the form does not know is named before anything else is said.
      const fields = DocumentUploadFieldsSchema.parse(req.body ?? {})
      if (!req.file)
        throw new AppError('BAD_REQUEST', 'Missing required fields: document_file', {
          missing_fields: ['document_file'],
        })
      // busboy hands over the name as latin1 bytes; browsers send UTF-8.
      const fileName =
        Buffer.from(req.file.originalname, 'latin1')
          .toString('utf8')
          .replace(/\p{Cc}/gu, '')
          .trim()
          .slice(0, 255) || 'document'
      res.status(201).json(
        await uploadDocument(database, {
          storage,
          queue,
          actor: actorOf(res),
          agentId,
          file: { bytes: req.file.buffer, fileName },
          fields,
        }),
      )
    },
  )

  router.get('/agents/:agentId/documents/:documentId/', signedIn, async (req, res) => {
    const { agentId, documentId } = ids(req.params)
    // The job first: one seen running beside an item already done only asks the caller to look again.
    const job = (await latestJobsOf(database.prisma, [documentId])).get(documentId)
    const document = await requireDocument(database, { actor: actorOf(res), agentId, documentId, need: 'read' })
    res.json(toDocumentView(document, job))
  })
  router.put('/agents/:agentId/documents/:documentId/update/', signedIn, async (req, res) => {
    const { agentId, documentId } = ids(req.params)
    res.json(
      await updateDocument(database, {
        actor: actorOf(res),
        agentId,
        documentId,
        changes: DocumentFieldsSchema.parse(req.body),
      }),
    )
  })
  router.delete('/agents/:agentId/documents/:documentId/delete/', signedIn, async (req, res) => {
    const { agentId, documentId } = ids(req.params)
    await deleteDocument(database, { storage, logger, actor: actorOf(res), agentId, documentId })
    res.json({ message: 'Document deleted' })
  })

  router.get('/agents/:agentId/documents/:documentId/download/', signedIn, async (req, res) => {
    const { agentId, documentId } = ids(req.params)
    await sendFile(res, await requireDocument(database, { actor: actorOf(res), agentId, documentId, need: 'read' }))
  })
  router.post('/agents/:agentId/documents/:documentId/download-link/', sendsSecret, signedIn, async (req, res) => {
    const { agentId, documentId } = ids(req.params)
    await requireDocument(database, { actor: actorOf(res), agentId, documentId, need: 'read' })
    res.json(await signDownloadLink(downloadLinkKey, documentId))
  })
  // Opened by the browser itself: the signed token is the only credential, and it names one document.
  router.get('/documents/download/', async (req, res) => {
    await sendFile(
      res,
      await documentForDownloadLink(
        database,
        downloadLinkKey,
        typeof req.query.token === 'string' ? req.query.token : '',
      ),
    )
  })
  return router
}
