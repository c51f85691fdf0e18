import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirectoryBusyError extends Error {}

function isProcessAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

// PGlite has no server to arbitrate between processes: two writers on one folder corrupt it.
// A pid file refuses a second opener (another process, or this one twice); a dead process's lock is taken over.
export function lockDataDirectory(dataDir: string): () => void {
  const lockPath = join(dataDir, 'database.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = openSync(lockPath, 'wx')
      writeSync(handle, String(process.pid))
      closeSync(handle)
      return () => rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10)
      if (Number.isInteger(owner) && isProcessAlive(owner)) {
        throw new DataDirectoryBusyError(`The embedded database in ${dataDir} is in use by process ${owner}; stop it or set another DATA_DIR.`)
      }
      rmSync(lockPath, { force: true })
    }
  }
  throw new DataDirectoryBusyError(`Could not lock the embedded database in ${dataDir}.`)
}
