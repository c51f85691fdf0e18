import { afterAll, beforeAll, expect, it } from 'vitest'
import { createConnectionMonitor, type ConnectionState } from '../../../dashboard/src/api/connection-monitor.ts'
import { startListeningTestApp } from '../../support/listening-test-app.ts'

let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let baseUrl: string

beforeAll(async () => {
  listening = await startListeningTestApp()
  baseUrl = listening.baseUrl
})
afterAll(async () => {
  await listening.close()
})

it('is connected while the server is healthy, in demo mode when it is not, and back after Retry', async () => {
  const seen: ConnectionState[] = []
  let online = true
  const monitor = createConnectionMonitor({
    baseUrl,
    intervalMs: 60_000,
    isOnline: () => online,
    onChange: (state) => seen.push(state),
  })
  expect(await monitor.check()).toBe('connected')
  const down = createConnectionMonitor({ baseUrl: 'http://127.0.0.1:9', onChange: (state) => seen.push(state) })
  expect(await down.check()).toBe('demo')
  online = false
  expect(await monitor.check()).toBe('offline')
  online = true
  expect(await monitor.check()).toBe('connected')
  expect(seen).toEqual(['connected', 'demo', 'offline', 'connected'])
})
