import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirectoryBusyError, lockDataDirectory } from '../../server/db/lock-data-directory.ts'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function newFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'agentdesk-lock-'))
  folders.push(folder)
  return folder
}

describe('the embedded data folder lock', () => {
  it('refuses a second opener in the same process, and frees the folder on release', () => {
    const folder = newFolder()
    const release = lockDataDirectory(folder)
    expect(() => lockDataDirectory(folder)).toThrow(/in use by this process/)
    release()
    lockDataDirectory(folder)()
  })

  it('refuses while another live process holds it', async () => {
    const folder = newFolder()
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `
      const { lockDataDirectory } = await import(${JSON.stringify(new URL('../../server/db/lock-data-directory.ts', import.meta.url).href)})
      lockDataDirectory(${JSON.stringify(folder)}); console.log('locked'); setTimeout(() => {}, 60000)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    try {
      await new Promise((resolve) => holder.stdout.once('data', resolve))
      expect(() => lockDataDirectory(folder)).toThrow(DataDirectoryBusyError)
      expect(() => lockDataDirectory(folder)).toThrow(`in use by process ${holder.pid}`)
    } finally {
      holder.kill('SIGKILL')
    }
  })

  it('takes over a lock whose owner was killed but not yet reaped (a zombie keeps its pid)', async () => {
    const folder = newFolder()
    const lockModule = JSON.stringify(new URL('../../server/db/lock-data-directory.ts', import.meta.url).href)
    const script = `const { lockDataDirectory } = await import(${lockModule}); lockDataDirectory(${JSON.stringify(folder)}); console.log('locked', process.pid); setTimeout(() => {}, 60000)`
    // The shell becomes sleep, which never waits for its children: the killed holder stays a zombie.
    const parent = spawn('sh', ['-c', `"${process.execPath}" -e "$HOLDER" & exec sleep 60`], {
      env: { ...process.env, HOLDER: script },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    try {
      const line = await new Promise<string>((resolve) =>
        parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
      )
      const holderPid = Number(/locked (\d+)/.exec(line)?.[1])
      expect(() => lockDataDirectory(folder)).toThrow(`in use by process ${holderPid}`)
      process.kill(holderPid, 'SIGKILL')
      await expect.poll(() => readFileSync(`/proc/${holderPid}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z')
      const release = lockDataDirectory(folder)
      expect(JSON.parse(readFileSync(join(folder, 'database.lock'), 'utf8')).pid).toBe(process.pid)
      release()
    } finally {
      parent.kill('SIGKILL')
    }
  })

  it('takes over a lock left by a process that died', () => {
    const folder = newFolder()
    writeFileSync(join(folder, 'database.lock'), JSON.stringify({ pid: 2 ** 22 + 17, startedAt: '1' }))
    const release = lockDataDirectory(folder)
    expect(JSON.parse(readFileSync(join(folder, 'database.lock'), 'utf8')).pid).toBe(process.pid)
    release()
  })

  it('takes over a lock whose pid was reused by another process (PID 1 after a container restart)', () => {
    const folder = newFolder()
    writeFileSync(join(folder, 'database.lock'), JSON.stringify({ pid: process.pid, startedAt: 'an earlier start' }))
    lockDataDirectory(folder)()
  })

  it('takes over a lock file torn by a crash mid-write', () => {
    const folder = newFolder()
    writeFileSync(join(folder, 'database.lock'), '{"pid": 12')
    lockDataDirectory(folder)()
  })

  it('explains a lock path that is a directory', () => {
    const folder = newFolder()
    mkdirSync(join(folder, 'database.lock'))
    expect(() => lockDataDirectory(folder)).toThrow(/is a directory, not a lock file/)
  })
})
