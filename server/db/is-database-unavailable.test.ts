import { describe, expect, it } from 'vitest'
import { Prisma } from './generated/prisma/client.ts'
import { isDatabaseUnavailable } from './is-database-unavailable.ts'

const known = (code: string, driverAdapterError?: unknown) =>
  new Prisma.PrismaClientKnownRequestError('failed', {
    code,
    clientVersion: '7',
    meta: driverAdapterError ? { driverAdapterError } : undefined,
  })
const adapterError = (cause: Record<string, unknown>) =>
  Object.assign(new Error(String(cause.kind)), { name: 'DriverAdapterError', cause })
const fromPrisma = (error: Error) => Object.assign(error, { clientVersion: '7' })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['the server cannot be reached (P1001)', known('P1001')],
    ['no pooled connection came free (P2024)', known('P2024')],
    [
      'a raw query whose server went away',
      known('P2010', adapterError({ kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 })),
    ],
    [
      'an administrator shut the connection (57P01)',
      known('P2010', adapterError({ kind: 'postgres', code: '57P01', originalCode: '57P01' })),
    ],
    ['the server is starting up (57P03)', known('P2010', adapterError({ kind: 'postgres', code: '57P03' }))],
    ['a connection exception (08006)', known('P2010', adapterError({ kind: 'postgres', code: '08006' }))],
    ['the connection dropped mid-query', fromPrisma(new Error('Connection terminated unexpectedly'))],
    ['the pool timed out connecting', fromPrisma(new Error('timeout exceeded when trying to connect'))],
    [
      'a refused socket on the way to the database',
      fromPrisma(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ],
    ['a closed PGlite', new Error('PGlite is closed')],
  ])('is true when %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it.each([
    ['a unique violation', known('P2002')],
    ['a malformed value', known('P2023')],
    ['a query error the server reported', known('P2010', adapterError({ kind: 'postgres', code: '22P02' }))],
    [
      'a refused socket to another service (an LLM, storage)',
      Object.assign(new Error('fetch failed'), {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      }),
    ],
    ['a programming error', new TypeError('undefined is not a function')],
    ['no error at all', undefined],
  ])('is false for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })
})
