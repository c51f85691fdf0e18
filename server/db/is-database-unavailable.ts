// Tells a database that cannot be reached (down, restarting, out of connections) from a query that
// failed. Touch it when a driver or Prisma version reports lost connections in a new way.

// Prisma: can't reach the server, timed out reaching it, timed out, server closed the connection, no
// connection free in the pool.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024'])
// Driver adapter kinds (@prisma/driver-adapter-utils) that mean the connection, not the query, failed.
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections'])
// SQLSTATE: class 08 connection exceptions; 57P01-57P03 the server shutting down, crashed or starting
// up; 53300 too many connections.
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/
// Socket failures count only on the way to the database: an LLM or storage call can fail the same way.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
  'EAI_AGAIN',
])
// pg and pg-pool, and PGlite, say so only in words.
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is closed$/,
]

interface ErrorFields {
  name?: unknown
  /** Prisma adds it to every error that leaves a query, its own or the driver's. */
  clientVersion?: unknown
  code?: unknown
  kind?: unknown
  originalCode?: unknown
  message?: unknown
  cause?: unknown
  meta?: { driverAdapterError?: unknown }
}

function describesUnavailable(error: ErrorFields, isFromPrisma: boolean): boolean {
  if (error.name === 'PrismaClientInitializationError') return true
  if (
    typeof error.code === 'string' &&
    (PRISMA_CODES.has(error.code) || SQLSTATE.test(error.code) || (isFromPrisma && SOCKET_CODES.has(error.code)))
  )
    return true
  if (typeof error.originalCode === 'string' && SQLSTATE.test(error.originalCode)) return true
  if (typeof error.kind === 'string' && ADAPTER_KINDS.has(error.kind)) return true
  return typeof error.message === 'string' && MESSAGES.some((pattern) => pattern.test(error.message as string))
}

/** True when the error, or one it wraps (a driver adapter error, a cause), says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const isFromPrisma = typeof (error as ErrorFields | null)?.clientVersion === 'string'
  const pending: unknown[] = [error]
  // A few levels of wrapping at most: Prisma error → adapter error → its cause → the driver's error.
  for (let looked = 0; pending.length > 0 && looked < 8; looked += 1) {
    const item = pending.shift()
    if (item === null || typeof item !== 'object') continue
    const fields = item as ErrorFields
    if (describesUnavailable(fields, isFromPrisma)) return true
    pending.push(fields.meta?.driverAdapterError, fields.cause)
  }
  return false
}
