import { randomBytes } from 'node:crypto'
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirectoryBusyError extends Error {}

interface LockOwner {
  pid: number
  /** When that process started, so a reused pid (PID 1 in every container restart) is not taken for it. */
  startedAt: string
}

// Linux: the fields of /proc/<pid>/stat after the command name; elsewhere none.
function processStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined
  }
}

// Field 22 of /proc/<pid>/stat is the start time in clock ticks since boot; elsewhere unknown.
function processStartTime(pid: number): string {
  return processStat(pid)?.[19] ?? 'unknown'
}

function isProcessAlive(pid: number) {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  // A killed process keeps its pid until its parent reaps it (state Z, zombie; X, being removed):
  // it holds no files any more, so its lock is stale.
  const state = processStat(pid)?.[0]
  return state !== 'Z' && state !== 'X'
}

function isOwnerAlive(owner: LockOwner) {
  if (!isProcessAlive(owner.pid)) return false
  const startedAt = processStartTime(owner.pid)
  return startedAt === 'unknown' || owner.startedAt === 'unknown' || startedAt === owner.startedAt
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<LockOwner>
    return typeof owner.pid === 'number' && typeof owner.startedAt === 'string'
      ? { pid: owner.pid, startedAt: owner.startedAt }
      : undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    if ((error as NodeJS.ErrnoException).code === 'EISDIR')
      throw new DataDirectoryBusyError(`${lockPath} is a directory, not a lock file: remove it.`)
    return undefined // unreadable content: a torn write by a process that died
  }
}

/**
 * PGlite has no server to arbitrate between processes: two writers on one folder corrupt it. A lock file
 * naming the owner (pid and start time) refuses a second opener, this process included. A lock whose owner
 * is gone is moved aside with rename, which only one contender can win, and then created afresh.
 */
export function lockDataDirectory(dataDir: string): () => void {
  const lockPath = join(dataDir, 'database.lock')
  const me: LockOwner = { pid: process.pid, startedAt: processStartTime(process.pid) }
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = openSync(lockPath, 'wx', 0o600)
      writeSync(handle, JSON.stringify(me))
      closeSync(handle)
      return () => rmSync(lockPath, { force: true })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EISDIR') throw new DataDirectoryBusyError(`${lockPath} is a directory, not a lock file: remove it.`)
      if (code !== 'EEXIST') throw error
    }
    const owner = readOwner(lockPath)
    if (owner && isOwnerAlive(owner)) {
      const who = owner.pid === process.pid ? 'this process' : `process ${owner.pid}`
      throw new DataDirectoryBusyError(
        `The embedded database in ${dataDir} is in use by ${who}; stop it or set another DATA_DIR.`,
      )
    }
    const asideName = `${lockPath}.stale-${randomBytes(6).toString('hex')}`
    try {
      renameSync(lockPath, asideName)
      rmSync(asideName, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error // another contender moved it first
    }
  }
  throw new DataDirectoryBusyError(
    `Could not lock the embedded database in ${dataDir}: other processes keep taking it.`,
  )
}
