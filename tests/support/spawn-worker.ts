import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const WORKER_ENTRY = fileURLToPath(new URL('../../scripts/run-worker.ts', import.meta.url))

export interface SpawnedWorker {
  child: ChildProcess
  /** Every line the process wrote, stdout and stderr. */
  output: string[]
  exited: Promise<number | null>
}

/** Runs `node scripts/run-worker.ts` as `npm run worker` does, and waits until its worker has started. */
export function spawnWorker(env: Record<string, string | undefined>): Promise<SpawnedWorker> {
  const child = spawn(process.execPath, [WORKER_ENTRY], {
    env: { PATH: process.env.PATH, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const collectLines = (stream: NodeJS.ReadableStream) => {
      let partial = ''
      stream.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split('\n')
        partial = lines.pop() ?? ''
        for (const line of lines.filter(Boolean)) {
          output.push(line)
          if (line.includes('"msg":"job worker started"')) resolve({ child, output, exited })
        }
      })
    }
    collectLines(child.stdout)
    collectLines(child.stderr)
    void exited.then((code) => reject(new Error(`worker exited with ${code} before starting:\n${output.join('\n')}`)))
  })
}
