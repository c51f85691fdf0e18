// Server processes started by a test file, each on a database of its own, all stopped (and their databases
// removed) after each test: for the files that test `npm start` itself.
import { afterEach } from 'vitest'
import { createDatabaseLocation, type DatabaseLocation } from './create-test-database.ts'
import { spawnServer, type SpawnedServer } from './spawn-server.ts'

/** Call once at the top of a test file: registers the clean-up and returns how to start servers. */
export function useServerProcesses() {
  const running: SpawnedServer[] = []
  const locations: DatabaseLocation[] = []

  afterEach(async () => {
    for (const server of running.splice(0)) {
      server.child.kill('SIGKILL')
      await server.exited
    }
    for (const location of locations.splice(0)) await location.destroy()
  })

  /** The settings that point a server at a new database: migrated, or with `empty` blank. */
  async function newLocation({ empty = false } = {}) {
    const location = await createDatabaseLocation({ empty })
    locations.push(location)
    return { DATA_DIR: location.DATA_DIR, DATABASE_URL: location.DATABASE_URL }
  }

  /** A server started with `env` (and `args`), stopped after the test; `throughNpmStart` runs `npm start`. */
  async function start(env: Record<string, string | undefined>, args: string[] = [], options = {}) {
    const server = await spawnServer(env, args, options)
    running.push(server)
    return server
  }

  return { newLocation, start }
}
