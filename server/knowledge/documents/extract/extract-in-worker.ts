import { Worker } from 'node:worker_threads'
import type { ExtractedSection } from '../../indexing/knowledge-item.ts'
import type { DocumentFormat } from './detect-document-format.ts'
import { ExtractionError } from './extraction-error.ts'
import { formatCount, type ExtractionLimits } from './extraction-limits.ts'
import type { ExtractionReply, ExtractionRequest } from './extraction-thread.ts'

export interface ExtractInWorkerOptions {
  bytes: Buffer
  format: DocumentFormat
  name: string
  limits: ExtractionLimits
  /** Aborting stops the thread at once (the job's worker is stopping, say). */
  signal?: AbortSignal
}

const THREAD_ENTRY = new URL('./extraction-thread.ts', import.meta.url)

/**
 * Reads a document into sections in a worker thread of its own, never on the event loop: the thread
 * has a heap cap and a time limit, and a file that exceeds either (or any limit of the format) fails
 * with an ExtractionError the user can read. Whatever the file does, this process keeps answering.
 */
export function extractInWorker({ bytes, format, name, limits, signal }: ExtractInWorkerOptions): Promise<ExtractedSection[]> {
  signal?.throwIfAborted()
  // A copy the thread owns outright (transferred, not cloned), so the caller's buffer stays usable.
  const copy = new Uint8Array(bytes)
  const request: ExtractionRequest = { bytes: copy, format, name, limits }
  const worker = new Worker(THREAD_ENTRY, {
    workerData: request,
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(4, Math.floor(limits.memoryMb / 8))), stackSizeMb: 4 },
    stdout: false,
    stderr: false,
  })
  return new Promise<ExtractedSection[]>((resolve, reject) => {
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      outcome()
      void worker.terminate()
    }
    const timer = setTimeout(() => settle(() => reject(new ExtractionError(`Reading this file took longer than ${formatCount(Math.round(limits.timeoutMs / 1000))} seconds: split it into smaller files.`))), limits.timeoutMs)
    const onAbort = () => settle(() => reject(signal?.reason ?? new Error('Extraction was stopped.')))
    signal?.addEventListener('abort', onAbort, { once: true })
    worker.once('message', (reply: ExtractionReply) => {
      if (reply.ok) settle(() => resolve(reply.sections))
      else if (reply.isExtractionError) settle(() => reject(new ExtractionError(reply.message)))
      // A reader failing on its own is the file's doing, and the same file fails the same way again.
      else settle(() => reject(new ExtractionError(`The file could not be read (${reply.message.slice(0, 200)}).`)))
    })
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') settle(() => reject(new ExtractionError(`Reading this file needs more than ${formatCount(limits.memoryMb)} MB of memory: split it into smaller files.`)))
      else settle(() => reject(new ExtractionError(`The file could not be read (${error.message.slice(0, 200)}).`)))
    })
    worker.once('exit', (code) => settle(() => reject(new Error(`The extraction thread stopped (exit code ${code}) without an answer.`))))
  })
}
