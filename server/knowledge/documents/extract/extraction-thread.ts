// The entry of a worker thread that reads one uploaded file (started by extract-in-worker.ts).
// Touch it only with that file: the two agree on the message shapes.
import { parentPort, workerData } from 'node:worker_threads'
import type { DocumentFormat } from './detect-document-format.ts'
import { extractDocumentSections } from './extract-document-sections.ts'
import { ExtractionError } from './extraction-error.ts'
import type { ExtractionLimits } from './extraction-limits.ts'

export interface ExtractionRequest {
  bytes: Uint8Array
  format: DocumentFormat
  name: string
  limits: ExtractionLimits
}

export type ExtractionReply =
  | { ok: true; sections: Awaited<ReturnType<typeof extractDocumentSections>> }
  | { ok: false; isExtractionError: boolean; message: string }

const request = workerData as ExtractionRequest
let reply: ExtractionReply
try {
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength)
  reply = {
    ok: true,
    sections: await extractDocumentSections({
      bytes,
      format: request.format,
      name: request.name,
      limits: request.limits,
    }),
  }
} catch (error) {
  reply = {
    ok: false,
    isExtractionError: error instanceof ExtractionError,
    message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  }
  if (error instanceof ExtractionError) reply.message = error.message
}
parentPort?.postMessage(reply)
