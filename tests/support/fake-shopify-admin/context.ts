// What every part of the fake shares: the token, the store a test may change, and what was asked of it.
import { demoStore } from './demo-store.ts'
import type { FakeBulkOperation, FakeStore, ThrottleCost } from './types.ts'

export interface FakeShopifyAdminOptions {
  accessToken?: string
  store?: FakeStore
  maxPageSize?: number
}

export type FakeShopifyAdminContext = ReturnType<typeof createContext>

export function createContext(options: FakeShopifyAdminOptions) {
  return {
    accessToken: options.accessToken ?? 'shpat_fake_token',
    /** What a test may change between calls: the store, the page size, throttled answers, export errors. */
    state: {
      store: options.store ?? demoStore(),
      maxPageSize: options.maxPageSize ?? 2,
      throttles: [] as ThrottleCost[],
      bulkUserErrors: [] as { field: string[] | null; message: string; code: string }[],
    },
    requests: [] as { operationName: string; variables: Record<string, unknown>; throttled: boolean; path: string }[],
    bulkOperations: new Map<string, FakeBulkOperation>(),
    nextBulkId: 700,
    /** The server's address, known once it listens: finished exports link their JSONL file to it. */
    baseUrl: '',
  }
}
