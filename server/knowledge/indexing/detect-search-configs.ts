import { Worker } from 'node:worker_threads'
import { detectSearchConfig } from './detect-language.ts'
import type { LanguageReply, LanguageRequest } from './language-thread.ts'

const THREAD_ENTRY = new URL('./language-thread.ts', import.meta.url)
// Below this many characters, detecting here costs less than the trip to the thread.
const THREAD_CHARACTERS = 20_000

let thread: { worker: Worker; pending: Map<number, (configs: string[] | null) => void> } | undefined
let nextId = 0

function startThread() {
  const worker = new Worker(THREAD_ENTRY)
  worker.unref() // keeps the process alive only while it has work (ref'd when asked)
  const pending = new Map<number, (configs: string[] | null) => void>()
  const started = { worker, pending }
  worker.on('message', ({ id, configs }: LanguageReply) => {
    pending.get(id)?.(configs)
    pending.delete(id)
    if (pending.size === 0) worker.unref()
  })
  const end = () => {
    if (thread === started) thread = undefined
    for (const settle of pending.values()) settle(null)
    pending.clear()
  }
  worker.on('error', end)
  worker.on('exit', end)
  return started
}

export interface DetectSearchConfigsOptions {
  texts: string[]
  available: ReadonlySet<string>
  fallback: string | null
}

/**
 * detectSearchConfig for many texts. Trigram statistics cost about 2 ms a passage, which for thousands of
 * passages would hold the event loop (and the embedded database with it) for seconds: large groups are
 * detected on a worker thread, on another core, while the loop serves requests. If the thread fails,
 * detection runs here.
 */
export async function detectSearchConfigs({ texts, available, fallback }: DetectSearchConfigsOptions) {
  const here = () => texts.map((text) => detectSearchConfig(text, available, fallback))
  if (texts.reduce((sum, text) => sum + Math.min(text.length, 4_000), 0) < THREAD_CHARACTERS) return here()
  thread ??= startThread()
  const { worker, pending } = thread
  const id = nextId++
  const request: LanguageRequest = {
    id,
    texts: texts.map((text) => text.slice(0, 4_000)),
    available: [...available],
    fallback,
  }
  const configs = await new Promise<string[] | null>((resolve) => {
    pending.set(id, resolve)
    worker.ref()
    worker.postMessage(request)
  })
  return configs ?? here()
}
