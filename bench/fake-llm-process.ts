// The fake LLM in a process of its own, as a provider is another machine: in the load generator's
// process it shared one event loop with 500 visitors' streams, and took the server's new connections
// one per turn of that busy loop, which the first tokens then waited for.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { startFakeLlm } from '../tests/support/fake-llm.ts'

const SELF = fileURLToPath(import.meta.url)

/** Starts the fake LLM, writing a token every `tokenDelayMs`, in a child process: the server's LLM settings and a close. */
export async function startFakeLlmProcess(tokenDelayMs: number) {
  // Its stdin is this process's pipe: when this process ends, however it ends, the fake LLM ends too.
  const child = spawn(process.execPath, [SELF, String(tokenDelayMs)], { stdio: ['pipe', 'pipe', 'inherit'] })
  const exited = once(child, 'exit')
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    exited.then(([code]) => Promise.reject(new Error(`the fake LLM exited with ${String(code)}`))),
  ])) as [string]
  return {
    config: JSON.parse(line) as Record<string, string>,
    close: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

if (process.argv[1] === SELF) {
  const llm = await startFakeLlm()
  llm.state.tokenDelayMs = Number(process.argv[2])
  const stop = () => void llm.close().then(() => process.exit(0))
  process.once('SIGTERM', stop)
  process.stdin.once('end', stop).resume()
  console.log(JSON.stringify(llm.config))
}
