import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const SERVER_ENTRY = fileURLToPath(new URL('../../server/index.ts', import.meta.url))

export interface SpawnedServer {
  child: ChildProcess
  port: number
  baseUrl: string
  /** Every line the process wrote, stdout and stderr. */
  output: string[]
  exited: Promise<number | null>
}

/** Runs `node server/index.ts` as its own process, as `npm start` does, and waits until it listens. */
export function spawnServer(env: Record<string, string | undefined>): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        output.push(line)
        const port = line.includes('"port"') ? (JSON.parse(line) as { port?: number }).port : undefined
        if (port) resolve({ child, port, baseUrl: `http://127.0.0.1:${port}`, output, exited })
      }
    }
    child.stdout.on('data', onLine)
    child.stderr.on('data', onLine)
    exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output.join('\n')}`)))
  })
}

/** Runs the server entry expecting it to fail at start-up; resolves with its exit code and output. */
export async function runServerExpectingFailure(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, [SERVER_ENTRY], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { code, stdout, stderr }
}
