import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createConnectionMonitor, type ConnectionState } from '../../../dashboard/src/api/connection-monitor.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'

let testApp: TestApp
let server: Server
let baseUrl: string

beforeAll(async () => {
  testApp = await createTestApp()
  server = testApp.app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.close()
  await testApp.cleanup()
})

it('is connected while the server is healthy, in demo mode when it is not, and back after Retry', async () => {
  const seen: ConnectionState[] = []
  let online = true
  const monitor = createConnectionMonitor({ baseUrl, intervalMs: 60_000, isOnline: () => online, onChange: (state) => seen.push(state) })
  expect(await monitor.check()).toBe('connected')
  const down = createConnectionMonitor({ baseUrl: 'http://127.0.0.1:9', onChange: (state) => seen.push(state) })
  expect(await down.check()).toBe('demo')
  online = false
  expect(await monitor.check()).toBe('offline')
  online = true
  expect(await monitor.check()).toBe('connected')
  expect(seen).toEqual(['connected', 'demo', 'offline', 'connected'])
})
