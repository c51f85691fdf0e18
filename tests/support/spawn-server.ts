import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const SERVER_ENTRY = fileURLToPath(new URL('../../server/index.ts', import.meta.url))
const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url))

export interface SpawnedServer {
  child: ChildProcess
  port: number
  baseUrl: string
  /** Every line the process wrote, stdout and stderr. */
  output: string[]
  /** Resolves when a line matching `pattern` has been written (at once if it already was). */
  waitForLine(pattern: RegExp): Promise<string>
  exited: Promise<number | null>
}

function parseLogLine(line: string): { msg?: string; port?: number } {
  try {
    return JSON.parse(line) as { msg?: string; port?: number }
  } catch {
    return {}
  }
}

/**
 * Runs `node server/index.ts` as its own process, as `npm start` does (or `npm start` itself, with
 * `throughNpmStart`), and waits until it listens.
 */
export function spawnServer(
  env: Record<string, string | undefined>,
  args: string[] = [],
  { throughNpmStart = false } = {},
): Promise<SpawnedServer> {
  const [command, commandArgs] = throughNpmStart
    ? ['npm', ['start', '--silent', '--', ...args]]
    : [process.execPath, [SERVER_ENTRY, ...args]]
  const child = spawn(command, commandArgs, {
    cwd: REPOSITORY,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE,
      DASHBOARD_DIR: process.env.DASHBOARD_DIR,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const waiters: { pattern: RegExp; resolve(line: string): void }[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const waitForLine = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const seen = output.find((line) => pattern.test(line))
      if (seen) resolve(seen)
      else waiters.push({ pattern, resolve })
    })
  const collectLines = (stream: NodeJS.ReadableStream) => {
    let partial = ''
    stream.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines.filter(Boolean)) {
        output.push(line)
        for (const waiter of waiters.filter((candidate) => candidate.pattern.test(line))) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(line)
        }
      }
    })
  }
  collectLines(child.stdout)
  collectLines(child.stderr)
  return new Promise((resolve, reject) => {
    waitForLine(/"msg":"listening on /)
      .then((line) => {
        const port = parseLogLine(line).port ?? 0
        resolve({ child, port, baseUrl: `http://127.0.0.1:${port}`, output, waitForLine, exited })
      })
      .catch(reject)
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output.join('\n')}`)))
  })
}

/** Runs the server entry expecting it to fail at start-up; resolves with its exit code and output. */
export async function runServerExpectingFailure(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { PATH: process.env.PATH, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { code, stdout, stderr }
}
