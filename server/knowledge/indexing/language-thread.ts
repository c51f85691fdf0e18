// The entry of the worker thread that detects passages' languages (started by detect-search-configs.ts).
// Touch it only with that file: the two agree on the message shapes.
import { parentPort } from 'node:worker_threads'
import { detectSearchConfig } from './detect-language.ts'

export interface LanguageRequest {
  id: number
  texts: string[]
  available: string[]
  fallback: string | null
}

export interface LanguageReply {
  id: number
  configs: string[]
}

parentPort?.on('message', ({ id, texts, available, fallback }: LanguageRequest) => {
  const configs = new Set(available)
  const reply: LanguageReply = { id, configs: texts.map((text) => detectSearchConfig(text, configs, fallback)) }
  parentPort?.postMessage(reply)
})
