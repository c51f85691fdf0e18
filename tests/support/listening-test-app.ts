import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { createTestApp } from './create-test-app.ts'
import type { TokenStorage } from '../../dashboard/src/api/session-tokens.ts'

/** The test app listening on 127.0.0.1, for clients that speak HTTP themselves (the dashboard's). */
export async function startListeningTestApp(
  config: Record<string, string> = {},
  appOptions: Parameters<typeof createTestApp>[1] = {},
) {
  const testApp = await createTestApp(config, appOptions)
  const server = testApp.app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    testApp,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.close()
      await testApp.cleanup()
    },
  }
}

/** Browser storage in memory. */
export function memoryStorage(): TokenStorage {
  const values = new Map<string, string>()
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  }
}
