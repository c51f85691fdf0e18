import { Worker } from 'node:worker_threads'
import type { ExtractedSection } from '../../indexing/knowledge-item.ts'
import type { DocumentFormat } from './detect-document-format.ts'
import { ExtractionError } from './extraction-error.ts'
import { formatCount, type ExtractionLimits } from './extraction-limits.ts'
import { takeExtractionSlot } from './extraction-slots.ts'
import type { ExtractionReply, ExtractionRequest } from './extraction-thread.ts'

export interface ExtractInWorkerOptions {
  bytes: Buffer
  format: DocumentFormat
  name: string
  limits: ExtractionLimits
  /** Aborting stops the thread at once (the job's worker is stopping, say). */
  signal?: AbortSignal
  /** When every extraction thread is taken: wait for one (a job), or fail at once (a visitor's message). */
  waitForThread?: boolean
}

const THREAD_ENTRY = new URL('./extraction-thread.ts', import.meta.url)
// The heap cap does not cover ArrayBuffers (a PDF's decoded streams live there): the thread's
// external memory is read this often and the thread stopped once it passes its share.
const MEMORY_CHECK_MS = 50
const MB = 1024 * 1024

const needsMoreMemory = (limits: ExtractionLimits) =>
  new ExtractionError(
    `Reading this file needs more than ${formatCount(limits.memoryMb)} MB of memory: split it into smaller files.`,
  )

/**
 * Reads a document into sections in a worker thread of its own, never on the event loop: the thread
 * has a heap cap, a cap on its buffers, a time limit, and the process runs at most `maxThreads` of them.
 * A file that exceeds any limit (or any of its format's) fails with an ExtractionError the user can
 * read. Whatever the file does, this process keeps answering.
 */
export async function extractInWorker({
  bytes,
  format,
  name,
  limits,
  signal,
  waitForThread = true,
}: ExtractInWorkerOptions): Promise<ExtractedSection[]> {
  signal?.throwIfAborted()
  const releaseSlot = await takeExtractionSlot(limits.maxThreads, { wait: waitForThread })
  if (!releaseSlot) throw new ExtractionError('Every reader is busy: the file was kept but not read.')
  try {
    signal?.throwIfAborted()
    return await runThread({ bytes, format, name, limits, signal })
  } finally {
    releaseSlot()
  }
}

function runThread({ bytes, format, name, limits, signal }: ExtractInWorkerOptions): Promise<ExtractedSection[]> {
  // A copy the thread owns outright (transferred, not cloned), so the caller's buffer stays usable.
  const copy = new Uint8Array(bytes)
  const request: ExtractionRequest = { bytes: copy, format, name, limits }
  const worker = new Worker(THREAD_ENTRY, {
    workerData: request,
    transferList: [copy.buffer],
    resourceLimits: {
      maxOldGenerationSizeMb: limits.memoryMb,
      maxYoungGenerationSizeMb: Math.min(64, Math.max(4, Math.floor(limits.memoryMb / 8))),
      stackSizeMb: 4,
    },
    stdout: false,
    stderr: false,
  })
  const maxExternalBytes = limits.memoryMb * MB + bytes.length
  return new Promise<ExtractedSection[]>((resolve, reject) => {
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(memoryCheck)
      signal?.removeEventListener('abort', onAbort)
      outcome()
      void worker.terminate()
    }
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new ExtractionError(
              `Reading this file took longer than ${formatCount(Math.round(limits.timeoutMs / 1000))} seconds: split it into smaller files.`,
            ),
          ),
        ),
      limits.timeoutMs,
    )
    // Answered even while the thread is busy in a synchronous loop (V8 interrupts it to read them).
    const memoryCheck = setInterval(() => {
      worker.getHeapStatistics().then(
        (statistics) => {
          if (statistics.external_memory > maxExternalBytes) settle(() => reject(needsMoreMemory(limits)))
        },
        () => {}, // the thread has just ended
      )
    }, MEMORY_CHECK_MS)
    const onAbort = () => settle(() => reject(signal?.reason ?? new Error('Extraction was stopped.')))
    signal?.addEventListener('abort', onAbort, { once: true })
    worker.once('message', (reply: ExtractionReply) => {
      if (reply.ok) settle(() => resolve(reply.sections))
      else if (reply.isExtractionError) settle(() => reject(new ExtractionError(reply.message)))
      // A reader failing on its own is the file's doing, and the same file fails the same way again.
      else settle(() => reject(new ExtractionError(`The file could not be read (${reply.message.slice(0, 200)}).`)))
    })
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') settle(() => reject(needsMoreMemory(limits)))
      else settle(() => reject(new ExtractionError(`The file could not be read (${error.message.slice(0, 200)}).`)))
    })
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The extraction thread stopped (exit code ${code}) without an answer.`))),
    )
  })
}
